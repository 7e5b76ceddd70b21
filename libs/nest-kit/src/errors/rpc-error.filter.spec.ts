import type { ArgumentsHost } from '@nestjs/common';
import assert from 'node:assert/strict';
import { firstValueFrom } from 'rxjs';
import { RpcErrorFilter } from './rpc-error.filter';

const answer = (exception: unknown) => firstValueFrom(new RpcErrorFilter().catch(exception, {} as ArgumentsHost)).catch((payload: unknown) => payload);
/** TypeORM's QueryFailedError keeps the pg driver's error as `driverError`. */
const queryFailed = (driverError: Error & { code?: string }) => Object.assign(new Error(driverError.message), { name: 'QueryFailedError', driverError });

describe('RpcErrorFilter and a lost database connection (the fault suite: pg_terminate_backend answered 500)', () => {
  test('a connection terminated mid-query (pg: "Connection terminated") is unavailable (503) with a message', async () => {
    const payload = (await answer(queryFailed(new Error('Connection terminated')))) as { code: string; message: string };
    assert.equal(payload.code, 'unavailable');
    assert.equal(payload.message, 'The service lost its database connection. Please try again in a moment.');
  });

  test('SQLSTATE 57P01 (terminating connection due to administrator command) is unavailable too', async () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    assert.equal(((await answer(queryFailed(error))) as { code: string }).code, 'unavailable');
  });

  test('TypeORM\'s "Query runner already released" (the transaction\'s runner was released when its connection died) is unavailable too', async () => {
    const released = Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' });
    const payload = (await answer(released)) as { code: string; message: string };
    assert.equal(payload.code, 'unavailable');
    assert.equal(payload.message, 'The service lost its database connection. Please try again in a moment.');
  });

  test('its "connection provided by a query runner was already released" (manager.query after the same) is unavailable too', async () => {
    const released = Object.assign(new Error('Database connection provided by a query runner was already released'), {
      name: 'QueryRunnerProviderAlreadyReleasedError',
    });
    assert.equal(((await answer(released)) as { code: string }).code, 'unavailable');
  });

  test('any other failure stays internal (500): a bug is not dressed up as a retryable outage', async () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    assert.equal(((await answer(queryFailed(error))) as { code: string }).code, 'internal');
  });
});
