import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeShippingNote, purchaseButtonLabel, shippingLabel } from './order-summary';

describe('shippingLabel', () => {
  it('shows FREE when the server charged no shipping', () => {
    assert.equal(shippingLabel('0.00'), 'FREE');
    assert.equal(shippingLabel('0'), 'FREE');
  });

  it('shows the amount otherwise', () => {
    assert.equal(shippingLabel('9.99'), '$9.99');
  });
});

describe('freeShippingNote', () => {
  it('says free shipping is earned when shipping is free', () => {
    assert.deepEqual(freeShippingNote({ subtotal: '62.00', shipping: '0.00' }), { earned: true, text: "You've earned free shipping!" });
  });

  it('says how much more earns it: the subtotal must be over $50.00', () => {
    assert.deepEqual(freeShippingNote({ subtotal: '40.00', shipping: '9.99' }), {
      earned: false,
      text: 'Add $10.01 more to get free shipping on orders over $50.00.',
    });
    assert.equal(freeShippingNote({ subtotal: '50.00', shipping: '9.99' }).text, 'Add $0.01 more to get free shipping on orders over $50.00.');
    assert.equal(freeShippingNote({ subtotal: '12.49', shipping: '9.99' }).text, 'Add $37.52 more to get free shipping on orders over $50.00.');
  });
});

describe('purchaseButtonLabel', () => {
  it('shows the total, or Processing... while paying', () => {
    assert.equal(purchaseButtonLabel('58.59', false), 'Complete Purchase $58.59');
    assert.equal(purchaseButtonLabel('58.59', true), 'Processing...');
    assert.equal(purchaseButtonLabel(undefined, false), 'Complete Purchase');
  });
});
