/** Marks the payment intents this service creates, so webhooks for other payments (memberships, …) are left alone. */
export const INTENT_SOURCE_KEY = 'km_source';
export const INTENT_SOURCE = 'orders';
