import assert from 'node:assert/strict';
import { ConflictError } from './app-error';
import { errorBody } from './error-body';

test('an error body has statusCode, code and message, and details only when given', () => {
  assert.deepEqual(errorBody(429, 'rate_limited', 'Too many requests.'), { statusCode: 429, code: 'rate_limited', message: 'Too many requests.' });
  assert.deepEqual(errorBody(409, 'conflict', 'Taken.', { reason: 'username_taken' }), {
    statusCode: 409,
    code: 'conflict',
    message: 'Taken.',
    details: { reason: 'username_taken' },
  });
});

test('a conflict carries its reason in details, next to the details it was given', () => {
  assert.deepEqual(new ConflictError('username_taken', 'That username is already taken.').details, { reason: 'username_taken' });
  assert.deepEqual(new ConflictError('cart_changed', 'Your cart changed.', { total: '64.80' }).toPayload(), {
    isServiceError: true,
    code: 'conflict',
    message: 'Your cart changed.',
    details: { reason: 'cart_changed', total: '64.80' },
  });
});
