import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flagEnabled } from './flags';

describe('flagEnabled', () => {
  it('is on by default', () => {
    assert.equal(flagEnabled(undefined), true);
    assert.equal(flagEnabled(''), true);
    assert.equal(flagEnabled(undefined, false), false);
  });

  it('turns off for the usual words of no', () => {
    for (const value of ['false', 'FALSE', '0', 'off', ' no ']) assert.equal(flagEnabled(value), false, value);
  });

  it('stays on for anything else', () => {
    for (const value of ['true', '1', 'on', 'yes']) assert.equal(flagEnabled(value), true, value);
  });
});
