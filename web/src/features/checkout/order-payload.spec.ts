import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_SHIPPING_FORM, formatShippingAddress, toBillingDetails, toOrderPayload, type ShippingFormValues } from './order-payload';
import type { PaymentIntentQuote } from './orders';

const values = (overrides: Partial<ShippingFormValues> = {}): ShippingFormValues => ({
  ...EMPTY_SHIPPING_FORM,
  firstName: ' Lydia ',
  lastName: 'Purple',
  email: ' lydia@example.com ',
  phone: '',
  address: ' 12 Riverside Way ',
  city: 'Thyatira',
  state: 'IL',
  zipCode: '62701',
  ...overrides,
});

const quote = (overrides: Partial<PaymentIntentQuote> = {}): PaymentIntentQuote => ({
  clientSecret: 'pi_123_secret_abc',
  paymentIntentId: 'pi_123',
  subtotal: '45.00',
  tax: '3.60',
  shipping: '9.99',
  total: '58.59',
  items: [
    { productId: 'p1', productName: 'Study Bible', productPrice: '30.00', quantity: 1, subtotal: '30.00' },
    { productId: 'p2', productName: 'Prayer Journal', productPrice: '7.50', quantity: 2, subtotal: '15.00' },
  ],
  ...overrides,
});

describe('the shipping form', () => {
  it('defaults the country to United States', () => {
    assert.equal(EMPTY_SHIPPING_FORM.country, 'US');
  });
});

describe('formatShippingAddress', () => {
  it('joins address, city, state and zip, and country into one line with the country name', () => {
    assert.equal(formatShippingAddress(values()), '12 Riverside Way, Thyatira, IL 62701, United States');
  });

  it('names other countries too and leaves out empty parts', () => {
    assert.equal(formatShippingAddress(values({ country: 'CA', state: '', zipCode: 'K1A 0B1' })), '12 Riverside Way, Thyatira, K1A 0B1, Canada');
  });
});

describe('toOrderPayload', () => {
  it("maps the form and the server's quote to spec §3's payload plus the payment intent", () => {
    assert.deepEqual(toOrderPayload(values({ phone: ' 555-0100 ' }), quote()), {
      paymentIntentId: 'pi_123',
      customerEmail: 'lydia@example.com',
      customerName: 'Lydia Purple',
      customerPhone: '555-0100',
      shippingAddress: '12 Riverside Way, Thyatira, IL 62701, United States',
      billingAddress: '12 Riverside Way, Thyatira, IL 62701, United States',
      subtotal: '45.00',
      tax: '3.60',
      shipping: '9.99',
      total: '58.59',
      items: [
        { productId: 'p1', productName: 'Study Bible', productPrice: '30.00', quantity: 1, subtotal: '30.00' },
        { productId: 'p2', productName: 'Prayer Journal', productPrice: '7.50', quantity: 2, subtotal: '15.00' },
      ],
    });
  });

  it('sends an empty phone as "" (the server reads it as not given)', () => {
    assert.equal(toOrderPayload(values(), quote()).customerPhone, '');
  });

  it('sends the items with exactly the five fields of spec §3', () => {
    const withExtra = quote({ items: [{ ...quote().items[0], extra: true } as PaymentIntentQuote['items'][number]] });
    assert.deepEqual(Object.keys(toOrderPayload(values(), withExtra).items[0]).sort(), ['productId', 'productName', 'productPrice', 'quantity', 'subtotal']);
  });
});

describe('toBillingDetails', () => {
  it('gives Stripe every billing field, line2 empty and the ISO country code', () => {
    assert.deepEqual(toBillingDetails(values()), {
      name: 'Lydia Purple',
      email: 'lydia@example.com',
      phone: '',
      address: { line1: '12 Riverside Way', line2: '', city: 'Thyatira', state: 'IL', postal_code: '62701', country: 'US' },
    });
  });

  it('maps a country given by name to its code', () => {
    assert.equal(toBillingDetails(values({ country: 'United States' })).address.country, 'US');
    assert.equal(toBillingDetails(values({ country: 'United Kingdom' })).address.country, 'GB');
  });
});
