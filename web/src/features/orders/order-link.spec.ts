import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashWithKey, keyFromHash } from './order-link';

describe('keyFromHash', () => {
  it("reads the link's key from the fragment, with or without other parameters", () => {
    const key = 'q3J9xVn1bP0dLk7sYw2HtR5mZc8Fa4Ge6Ui0Oo1Nn2M';
    assert.equal(keyFromHash(`#key=${key}`), key);
    assert.equal(keyFromHash(`#utm=mail&key=${key}`), key);
    assert.equal(keyFromHash(hashWithKey(key)), key);
  });

  it('is null without a key, or for text that cannot be one', () => {
    assert.equal(keyFromHash(''), null);
    assert.equal(keyFromHash('#main'), null);
    assert.equal(keyFromHash('#key='), null);
    assert.equal(keyFromHash('#key=short'), null);
    assert.equal(keyFromHash('#key=<script>alert(1)</script>aaaaaaaaaaaaaaaa'), null);
  });
});
