import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uploadPercent } from './upload-with-progress';

describe('uploadPercent', () => {
  it('rounds the share sent to a whole percent', () => {
    assert.equal(uploadPercent(0, 200), 0);
    assert.equal(uploadPercent(1, 3), 33);
    assert.equal(uploadPercent(199, 200), 100);
    assert.equal(uploadPercent(200, 200), 100);
  });

  it('stays within 0-100', () => {
    assert.equal(uploadPercent(300, 200), 100);
    assert.equal(uploadPercent(-5, 200), 0);
  });

  it('is unknown when the total is', () => {
    assert.equal(uploadPercent(10, 0), null);
    assert.equal(uploadPercent(10, 100, false), null);
  });
});
