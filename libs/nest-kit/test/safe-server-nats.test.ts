import type { INestApplication } from '@nestjs/common';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { AppError } from '../src/errors/app-error';
import { RpcClient } from '../src/nats/rpc-client';
import { natsConnectOptions } from '../src/nats/nats-connection';
import { RpcModule } from '../src/nats/rpc.module';
import { testServers } from '../src/testing/config';
import { startTestService } from '../src/testing/start-app';

// Unique subjects, so nothing else on the shared test NATS server answers them.
const prefix = `kit-test-${randomUUID().slice(0, 8)}`;
const SUBJECTS = { sized: `${prefix}.reply.sized`, bigint: `${prefix}.reply.bigint`, echo: `${prefix}.echo` };
const TIMEOUT_MS = 3000;

@Controller()
class TestHandlers {
  /** Answers a string of exactly `bytes` ASCII characters. */
  @MessagePattern(SUBJECTS.sized)
  sized(@Payload() payload: { bytes: number }): string {
    return 'x'.repeat(payload.bytes);
  }

  /** A reply JSON cannot encode: the failure happens while answering, not in the handler. */
  @MessagePattern(SUBJECTS.bigint)
  bigint(): unknown {
    return { value: BigInt(1) };
  }

  @MessagePattern(SUBJECTS.echo)
  echo(@Payload() payload: unknown): unknown {
    return payload;
  }
}

@Module({ controllers: [TestHandlers] })
class TestServiceModule {}

let service: INestApplication;
let rpc: RpcClient;
let closeClient: () => Promise<void>;
let maxPayload: number;

beforeAll(async () => {
  const natsUrl = testServers().KM_TEST_NATS_URL;
  service = await startTestService({ module: TestServiceModule }, prefix, natsUrl);
  const { NestFactory } = await import('@nestjs/core');
  const client = await NestFactory.createApplicationContext(RpcModule.forRoot({ natsUrl, timeoutMs: TIMEOUT_MS, name: `${prefix}-client` }), { logger: false });
  rpc = client.get(RpcClient);
  closeClient = () => client.close();
  const nc = await connect(natsConnectOptions(natsUrl, `${prefix}-probe`));
  maxPayload = nc.info!.max_payload;
  await nc.close();
});

afterAll(async () => {
  await closeClient();
  await service.close();
});

async function failure(promise: Promise<unknown>): Promise<{ error: AppError; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => assert.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
  return { error, ms: Date.now() - started };
}

test('a reply just under the bus limit is delivered whole', async () => {
  // The reply packet wraps the string in {"response":"…","isDisposed":true,"id":"…"}: leave room for it.
  const reply = String(await rpc.request(SUBJECTS.sized, { bytes: maxPayload - 200 }));
  assert.equal(reply.length, maxPayload - 200);
});

test('a reply over the bus limit comes back at once as an internal error naming the subject and size; the service answers the next request', async () => {
  const { error, ms } = await failure(rpc.request(SUBJECTS.sized, { bytes: maxPayload + 10 }));
  assert.equal(error.code, 'internal');
  const details = error.details as { subject: string; bytes: number; maxPayload: number };
  assert.deepEqual([details.subject, details.maxPayload], [SUBJECTS.sized, maxPayload]);
  // The string plus the packet's small JSON envelope.
  assert.ok(details.bytes > maxPayload + 10 && details.bytes < maxPayload + 200, `bytes ${details.bytes}`);
  assert.equal(
    error.message,
    `The ${SUBJECTS.sized} reply would be ${details.bytes} bytes, over the bus limit of ${maxPayload} bytes; it was not sent. Ask for a smaller page.`,
  );
  assert.ok(ms < TIMEOUT_MS, `answered in ${ms} ms, not by the caller's timeout`);
  assert.deepEqual(await rpc.request(SUBJECTS.echo, { still: 'up' }), { still: 'up' });
});

test('a reply that cannot be encoded comes back at once as an internal error; the service answers the next request', async () => {
  const { error, ms } = await failure(rpc.request(SUBJECTS.bigint, {}));
  assert.equal(error.code, 'internal');
  assert.equal(error.message, `The ${SUBJECTS.bigint} handler could not send its answer.`);
  assert.ok(ms < TIMEOUT_MS, `answered in ${ms} ms, not by the caller's timeout`);
  assert.deepEqual(await rpc.request(SUBJECTS.echo, { still: 'up' }), { still: 'up' });
});

test('a request over the bus limit is a payload_too_large error naming the subject, and nothing breaks', async () => {
  const { error } = await failure(rpc.request(SUBJECTS.echo, { text: 'y'.repeat(maxPayload) }));
  assert.equal(error.code, 'payload_too_large');
  assert.equal(error.message, `The request to ${SUBJECTS.echo} is larger than the message bus allows. Send less at once.`);
  assert.deepEqual(await rpc.request(SUBJECTS.echo, { still: 'up' }), { still: 'up' });
});
