import assert from 'node:assert/strict';
import { cartFingerprint } from './cart-pricing';

const line = (productId: string, quantity: number, productPrice: string) => ({ productId, quantity, productPrice });

test('the cart fingerprint ignores the order of lines', () => {
  assert.equal(cartFingerprint([line('a', 1, '1.00'), line('b', 2, '2.00')]), cartFingerprint([line('b', 2, '2.00'), line('a', 1, '1.00')]));
  assert.match(cartFingerprint([line('a', 1, '1.00')]), /^[0-9a-f]{32}$/);
});

test('the cart fingerprint changes with a quantity, a price or a product', () => {
  const base = cartFingerprint([line('a', 1, '1.00')]);
  assert.notEqual(cartFingerprint([line('a', 2, '1.00')]), base);
  assert.notEqual(cartFingerprint([line('a', 1, '1.01')]), base);
  assert.notEqual(cartFingerprint([line('b', 1, '1.00')]), base);
});
