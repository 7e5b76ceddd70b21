import { countryCode, countryName, DEFAULT_COUNTRY } from './countries';
import type { OrderPayload, PaymentIntentQuote } from './orders';

/** The shipping form (spec §2): everything required except phone; country holds an ISO code. */
export interface ShippingFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const EMPTY_SHIPPING_FORM: ShippingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_COUNTRY,
};

export const customerName = (values: Pick<ShippingFormValues, 'firstName' | 'lastName'>) =>
  [values.firstName.trim(), values.lastName.trim()].filter(Boolean).join(' ');

/** Spec §3: one string of address, city, state, zip and country, e.g. "1 Main St, Springfield, IL 62701, United States". */
export function formatShippingAddress(values: ShippingFormValues): string {
  const stateAndZip = [values.state.trim(), values.zipCode.trim()].filter(Boolean).join(' ');
  return [values.address.trim(), values.city.trim(), stateAndZip, countryName(values.country)].filter(Boolean).join(', ');
}

/**
 * Spec §3's order payload for the server's quote: totals and lines exactly as the server priced them (it prices
 * the cart again anyway), the billing address the same as the shipping address.
 */
export function toOrderPayload(values: ShippingFormValues, quote: PaymentIntentQuote): OrderPayload {
  const address = formatShippingAddress(values);
  return {
    paymentIntentId: quote.paymentIntentId,
    customerEmail: values.email.trim(),
    customerName: customerName(values),
    customerPhone: values.phone.trim(),
    shippingAddress: address,
    billingAddress: address,
    subtotal: quote.subtotal,
    tax: quote.tax,
    shipping: quote.shipping,
    total: quote.total,
    items: quote.items.map(({ productId, productName, productPrice, quantity, subtotal }) => ({
      productId,
      productName,
      productPrice,
      quantity,
      subtotal,
    })),
  };
}

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

/**
 * The Payment Element hides billing fields (`billingDetails: 'never'`), so Stripe.js requires every one of
 * them at confirm time, empty strings included; the country must be an ISO code.
 */
export function toBillingDetails(values: ShippingFormValues): BillingDetails {
  return {
    name: customerName(values),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: {
      line1: values.address.trim(),
      line2: '',
      city: values.city.trim(),
      state: values.state.trim(),
      postal_code: values.zipCode.trim(),
      country: countryCode(values.country) ?? values.country.trim().toUpperCase(),
    },
  };
}
