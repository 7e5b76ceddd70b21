export * from './stripe-env';
export * from './stripe-client';
export * from './stripe-webhooks';
export * from './idempotency-key';
