import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('uses bytes, kilobytes and megabytes', () => {
    assert.equal(formatFileSize(0), '0 B');
    assert.equal(formatFileSize(1023), '1023 B');
    assert.equal(formatFileSize(1536), '2 KB');
    assert.equal(formatFileSize(50 * 1024 * 1024), '50.0 MB');
    assert.equal(formatFileSize(2.44 * 1024 * 1024), '2.4 MB');
  });

  it('shows nothing for a size that is not one', () => {
    assert.equal(formatFileSize(-1), '');
    assert.equal(formatFileSize(Number.NaN), '');
  });
});
