import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cartSignature, newCheckoutId, shouldRequestIntent, toIntentRequest, type CheckoutCartItem } from './intent-request';

const item = (overrides: Partial<CheckoutCartItem> = {}): CheckoutCartItem => ({
  productId: 'p1',
  name: 'Study Bible',
  price: '19.99',
  quantity: 1,
  ...overrides,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('cartSignature', () => {
  it('adds the total up in cents and counts items by quantity', () => {
    const signature = cartSignature([item({ quantity: 3 }), item({ productId: 'p2', price: '0.10' })]);
    assert.equal(signature.totalCents, 6007);
    assert.equal(signature.itemCount, 4);
  });

  it('does not depend on the order of the lines', () => {
    const a = [item(), item({ productId: 'p2', price: '5.00' })];
    assert.deepEqual(cartSignature(a), cartSignature([...a].reverse()));
  });
});

describe('shouldRequestIntent', () => {
  const cart = [item(), item({ productId: 'p2', price: '5.00', quantity: 2 })];
  const current = cartSignature(cart);

  it('asks for the first intent once the cart has items', () => {
    assert.equal(shouldRequestIntent(null, current), true);
  });

  it('does not ask again for the same cart, or the same lines in another order', () => {
    assert.equal(shouldRequestIntent(current, cartSignature(cart)), false);
    assert.equal(shouldRequestIntent(current, cartSignature([...cart].reverse())), false);
  });

  it('asks again when a quantity changes (total and item count move)', () => {
    assert.equal(shouldRequestIntent(current, cartSignature([item({ quantity: 2 }), cart[1]])), true);
  });

  it('asks again when an item is added or removed', () => {
    assert.equal(shouldRequestIntent(current, cartSignature([cart[0]])), true);
    assert.equal(shouldRequestIntent(current, cartSignature([...cart, item({ productId: 'p3' })])), true);
  });

  it('asks again when the total changes with the same item count', () => {
    const cheaper = cartSignature([item({ price: '9.99' }), cart[1]]);
    assert.equal(cheaper.itemCount, current.itemCount);
    assert.equal(shouldRequestIntent(current, cheaper), true);
  });

  it('asks again when a product is swapped for another of the same price', () => {
    assert.equal(shouldRequestIntent(current, cartSignature([item({ productId: 'p9' }), cart[1]])), true);
  });

  it('never asks for an empty cart (after the order went through the cart is emptied)', () => {
    assert.equal(shouldRequestIntent(current, cartSignature([])), false);
    assert.equal(shouldRequestIntent(null, cartSignature([])), false);
  });
});

describe('toIntentRequest', () => {
  it('sends the checkout id, product ids with quantities and the client total', () => {
    assert.deepEqual(toIntentRequest('6f1c…', [item({ quantity: 2 }), item({ productId: 'p2', price: '5.50' })]), {
      checkoutId: '6f1c…',
      items: [
        { productId: 'p1', quantity: 2 },
        { productId: 'p2', quantity: 1 },
      ],
      amount: 45.48,
    });
  });
});

describe('newCheckoutId', () => {
  it('uses crypto.randomUUID when there is one', () => {
    assert.match(newCheckoutId(), UUID);
    assert.notEqual(newCheckoutId(), newCheckoutId());
  });

  it('makes a version-4 UUID from random bytes without it', () => {
    const id = newCheckoutId({ getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    assert.match(id, UUID);
  });
});
