import assert from 'node:assert/strict';
import { z } from 'zod';
import { ErrorCodes } from '@km/contracts';
import { AppError, httpStatusForCode, NotFoundError } from './app-error';
import { parseOrThrow } from './zod-issues';

test('an AppError survives a JSON round trip with its code, message and details', () => {
  const original = new AppError('conflict', 'That username is already taken.', { field: 'username' });
  const revived = AppError.from(JSON.parse(JSON.stringify(original.toPayload())));
  assert.ok(revived instanceof AppError);
  assert.equal(revived.code, 'conflict');
  assert.equal(revived.message, 'That username is already taken.');
  assert.deepEqual(revived.details, { field: 'username' });
});

test('objects that are not our error payloads are not mistaken for one', () => {
  assert.equal(AppError.from({ code: 'conflict', message: 'x' }), undefined);
  assert.equal(AppError.from({ isServiceError: true, code: 'teapot', message: 'x' }), undefined);
  assert.equal(AppError.from(new Error('plain')), undefined);
});

test('every error code maps to exactly one HTTP status', () => {
  assert.deepEqual(Object.keys(httpStatusForCode).sort(), [...ErrorCodes].sort());
  assert.equal(httpStatusForCode.not_found, 404);
  assert.equal(httpStatusForCode.unavailable, 503);
  assert.equal(httpStatusForCode.rate_limited, 429);
  assert.equal(new NotFoundError('product', 'p1').message, 'No product with id p1 exists.');
});

test('parseOrThrow names every bad field in the message and the details', () => {
  const schema = z.object({ name: z.string({ error: 'name is required' }), price: z.number({ error: 'price must be a number' }) });
  assert.throws(
    () => parseOrThrow(schema, { price: 'x' }),
    (error: unknown) =>
      error instanceof AppError &&
      error.code === 'invalid' &&
      error.message === 'name is required; price must be a number' &&
      JSON.stringify(error.details) ===
        JSON.stringify({
          fields: [
            { field: 'name', message: 'name is required' },
            { field: 'price', message: 'price must be a number' },
          ],
        }),
  );
});

test('parseOrThrow prefixes the field when the message does not name it', () => {
  const schema = z.object({ tags: z.array(z.string()) });
  assert.throws(
    () => parseOrThrow(schema, { tags: 'a' }),
    (error: unknown) => error instanceof AppError && error.message.startsWith('tags: '),
  );
});
