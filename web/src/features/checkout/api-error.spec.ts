import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '@/lib/api-client';
import { isCartChanged } from './api-error';

const httpError = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body));

describe('isCartChanged', () => {
  const totals = { subtotal: '60.00', tax: '4.80', shipping: '0.00', total: '64.80' };

  it("recognises the 409 that carries the cart's new totals", () => {
    assert.equal(
      isCartChanged(
        httpError(409, {
          statusCode: 409,
          code: 'conflict',
          message: 'Your cart changed; please review the total and try again.',
          details: { reason: 'cart_changed', ...totals },
        }),
      ),
      true,
    );
  });

  it('is false for an out-of-stock 409 and for other errors', () => {
    assert.equal(isCartChanged(httpError(409, { statusCode: 409, code: 'conflict', message: 'Olive Wood Nativity Set is out of stock' })), false);
    assert.equal(isCartChanged(httpError(400, { statusCode: 400, code: 'invalid', message: 'cart changed' })), false);
    assert.equal(isCartChanged(new Error('409: {"details":{"reason":"cart_changed"}}')), false);
  });

  it('decides by details.reason, never by the words of the message', () => {
    const unavailable = { reason: 'product_unavailable', unavailable: [{ productId: 'p1', name: 'Cart changed mug', reason: 'out_of_stock' }] };
    assert.equal(
      isCartChanged(httpError(409, { statusCode: 409, code: 'conflict', message: 'Cart changed mug is out of stock', details: unavailable })),
      false,
    );
    assert.equal(
      isCartChanged(httpError(409, { statusCode: 409, code: 'conflict', message: 'Les prix ont changé.', details: { reason: 'cart_changed', ...totals } })),
      true,
    );
  });
});
