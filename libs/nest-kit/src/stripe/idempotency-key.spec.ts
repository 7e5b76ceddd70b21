import assert from 'node:assert/strict';
import { idempotencyKey } from './idempotency-key';

test('a retry of the same request sends the same key; other parameters at the same moment send another', () => {
  const params = { cancel_at_period_end: true, cancellation_details: { feedback: 'too_expensive', comment: '' } };
  const key = idempotencyKey('km-membership-cancel-sub_1-1700000000000', params);
  assert.match(key, /^km-membership-cancel-sub_1-1700000000000-[0-9a-f]{32}$/);
  assert.equal(idempotencyKey('km-membership-cancel-sub_1-1700000000000', structuredClone(params)), key);
  const otherReason = { ...params, cancellation_details: { feedback: 'unused', comment: '' } };
  assert.notEqual(idempotencyKey('km-membership-cancel-sub_1-1700000000000', otherReason), key);
  assert.notEqual(idempotencyKey('km-membership-cancel-sub_2-1700000000000', params), key);
  // Stripe's limit is 255 characters: the digest keeps every key well inside it.
  assert.ok(idempotencyKey('km-checkout-' + 'x'.repeat(64), { big: 'y'.repeat(10_000) }).length <= 255);
});
