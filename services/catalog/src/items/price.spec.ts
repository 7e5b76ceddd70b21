import assert from 'node:assert/strict';
import { canonicalPrice } from './price';

for (const [input, expected] of [
  ['19.99', '19.99'],
  ['19.9', '19.90'],
  ['19', '19.00'],
  ['0', '0.00'],
  ['0.5', '0.50'],
  ['007.05', '7.05'],
  ['000', '0.00'],
  [' 12.3 ', '12.30'],
  ['9999999999.99', '9999999999.99'],
] as const) {
  test(`price "${input}" is stored and sent as "${expected}"`, () => {
    assert.equal(canonicalPrice(input), expected);
  });
}
