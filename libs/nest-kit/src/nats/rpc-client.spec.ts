import type { ClientProxy } from '@nestjs/microservices';
import assert from 'node:assert/strict';
import { defer, of, throwError } from 'rxjs';
import { AppError } from '../errors/app-error';
import { RpcClient } from './rpc-client';

/** What Nest's NATS client rejects with between a disconnect and the reconnect (a string, not an Error). */
const DISCONNECTED = 'Error: Connection lost. Trying to reconnect...';

function proxyAnswering(answers: (() => unknown)[]) {
  let calls = 0;
  const proxy = {
    send: () =>
      defer(() => {
        const answer = answers[Math.min(calls++, answers.length - 1)]();
        return answer === DISCONNECTED ? throwError(() => DISCONNECTED) : of(answer);
      }),
  } as unknown as ClientProxy;
  return { proxy, calls: () => calls };
}

describe('RpcClient while the bus connection is down (the fault suite: NATS killed mid-checkout answered 500)', () => {
  test('a request refused while disconnected is sent again once the connection is back, and answers', async () => {
    const { proxy, calls } = proxyAnswering([() => DISCONNECTED, () => DISCONNECTED, () => ({ ok: true })]);
    const rpc = new RpcClient(proxy, { timeoutMs: 2000 });
    assert.deepEqual(await rpc.request('orders.order.create', {}), { ok: true });
    assert.equal(calls(), 3);
  });

  test('still disconnected at the deadline: an unavailable error (HTTP 503) naming the service, not a 500', async () => {
    const { proxy } = proxyAnswering([() => DISCONNECTED]);
    const rpc = new RpcClient(proxy, { timeoutMs: 300 });
    const error = await rpc.request('orders.order.create', {}).catch((e: unknown) => e);
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, 'unavailable');
    assert.equal(error.message, 'The orders service did not answer in time. Please try again in a moment.');
  });
});
