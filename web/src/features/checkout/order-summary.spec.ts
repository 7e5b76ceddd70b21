import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freeShippingNote, MEMBER_DISCOUNT_LABEL, memberDiscountValue, purchaseButtonLabel, shippingLabel } from './order-summary';

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

describe('the member discount', () => {
  it('is labelled as the spec says, with the amount taken off', () => {
    assert.equal(MEMBER_DISCOUNT_LABEL, 'Member discount (5%)');
    assert.equal(memberDiscountValue('2.60'), '-$2.60');
  });

  it('moves the free-shipping threshold to the discounted subtotal', () => {
    // 52.00 − 2.60 = 49.40 is not over 50.00; 52.64 − 2.63 = 50.01 is, 52.63 − 2.63 = 50.00 is not.
    assert.equal(
      freeShippingNote({ subtotal: '52.00', memberDiscount: '2.60', shipping: '9.99' }).text,
      'Add $0.64 more to get free shipping on orders over $50.00.',
    );
  });
});

describe('purchaseButtonLabel', () => {
  it('shows the total, or Processing... while paying', () => {
    assert.equal(purchaseButtonLabel('58.59', false), 'Complete Purchase $58.59');
    assert.equal(purchaseButtonLabel('58.59', true), 'Processing...');
    assert.equal(purchaseButtonLabel(undefined, false), 'Complete Purchase');
  });
});
