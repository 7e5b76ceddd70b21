import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Controller, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { MessagePattern, Payload, type ClientProxy } from '@nestjs/microservices';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { AppError, ConflictError } from '../src/errors/app-error';
import { RpcErrorFilter } from '../src/errors/rpc-error.filter';
import { RPC_CLIENT_PROXY, RpcClient } from '../src/nats/rpc-client';
import { RpcModule } from '../src/nats/rpc.module';
import { testServers } from '../src/testing/config';
import { startTestService } from '../src/testing/start-app';

// Unique subjects, so nothing else on the shared test NATS server answers them.
const prefix = `kit-rpc-${randomUUID().slice(0, 8)}`;
const SUBJECTS = { echo: `${prefix}.echo`, refuse: `${prefix}.refuse`, slow: `${prefix}.slow`, nobody: `${prefix}.nobody` };
const TIMEOUT_MS = 800;

@Controller()
class TestHandlers {
  @MessagePattern(SUBJECTS.echo)
  async echo(@Payload() payload: { n: number }): Promise<{ n: number }> {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20)); // answers out of order
    return payload;
  }

  @MessagePattern(SUBJECTS.refuse)
  refuse(): never {
    throw new ConflictError('username_taken', 'That one is taken.');
  }

  @MessagePattern(SUBJECTS.slow)
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUT_MS));
    return 'late';
  }
}

// Errors travel as the services' kit sends them (ServiceKitModule installs the same filter).
@Module({ controllers: [TestHandlers], providers: [{ provide: APP_FILTER, useClass: RpcErrorFilter }] })
class TestServiceModule {}

let service: INestApplication;
let client: INestApplicationContext;
let rpc: RpcClient;

beforeAll(async () => {
  const natsUrl = testServers().KM_TEST_NATS_URL;
  service = await startTestService({ module: TestServiceModule }, prefix, natsUrl);
  const { NestFactory } = await import('@nestjs/core');
  client = await NestFactory.createApplicationContext(RpcModule.forRoot({ natsUrl, timeoutMs: TIMEOUT_MS, name: `${prefix}-client` }), { logger: false });
  rpc = client.get(RpcClient);
});

afterAll(async () => {
  await client.close();
  await service.close();
});

test('requests share one reply inbox: 40 at once each get their own answer, and none subscribes an inbox of its own', async () => {
  const nc = client.get<ClientProxy>(RPC_CLIENT_PROXY).unwrap<NatsConnection>();
  const subscribe = jest.spyOn(nc, 'subscribe');
  try {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => rpc.request(SUBJECTS.echo, { n })));
    assert.deepEqual(
      answers,
      Array.from({ length: 40 }, (_, n) => ({ n })),
    );
    assert.equal(subscribe.mock.calls.length, 0);
  } finally {
    subscribe.mockRestore();
  }
});

test("a service's refusal arrives as the same AppError, code and reason included", async () => {
  const error = await rpc.request(SUBJECTS.refuse, {}).catch((e: unknown) => e);
  assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
  assert.equal(error.code, 'conflict');
  assert.equal(error.message, 'That one is taken.');
  assert.deepEqual(error.details, { reason: 'username_taken' });
});

test('a subject nobody answers, and an answer later than the deadline, are unavailable errors (503) naming the service', async () => {
  for (const subject of [SUBJECTS.nobody, SUBJECTS.slow]) {
    const started = Date.now();
    const error = await rpc.request(subject, {}).catch((e: unknown) => e);
    assert.ok(error instanceof AppError, `${subject}: expected an AppError, got ${String(error)}`);
    assert.equal(error.code, 'unavailable');
    assert.equal(error.message, `The ${prefix} service did not answer in time. Please try again in a moment.`);
    assert.ok(Date.now() - started < TIMEOUT_MS + 500, `${subject}: answered after ${Date.now() - started} ms`);
  }
  // and the client still answers afterwards
  assert.deepEqual(await rpc.request(SUBJECTS.echo, { n: 7 }), { n: 7 });
});

test('a request still waiting when its client closes ends as an unavailable error at its deadline, not as a bare bus error', async () => {
  const { NestFactory } = await import('@nestjs/core');
  const natsUrl = testServers().KM_TEST_NATS_URL;
  const closing = await NestFactory.createApplicationContext(RpcModule.forRoot({ natsUrl, timeoutMs: TIMEOUT_MS, name: `${prefix}-closing` }), {
    logger: false,
  });
  const pending = closing
    .get(RpcClient)
    .request(SUBJECTS.slow, {})
    .catch((e: unknown) => e);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await closing.close();
  const error = await pending;
  assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
  assert.equal(error.code, 'unavailable');
});
