import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatPrice, toCents } from './format-price';

describe('formatPrice', () => {
  it('shows a dollar sign and two decimals', () => {
    assert.equal(formatPrice('19.99'), '$19.99');
    assert.equal(formatPrice('5'), '$5.00');
    assert.equal(formatPrice('5.5'), '$5.50');
    assert.equal(formatPrice(0), '$0.00');
    assert.equal(formatPrice(1234.5), '$1234.50');
  });

  it('rounds to cents', () => {
    assert.equal(formatPrice(0.1 + 0.2), '$0.30');
    assert.equal(formatPrice('19.999'), '$20.00');
  });

  it('shows unreadable values as zero', () => {
    assert.equal(formatPrice('abc'), '$0.00');
    assert.equal(formatPrice(Number.NaN), '$0.00');
  });
});

describe('toCents', () => {
  it('converts decimal strings and numbers to whole cents', () => {
    assert.equal(toCents('19.99'), 1999);
    assert.equal(toCents('0.29'), 29);
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(toCents('x'), 0);
  });
});
