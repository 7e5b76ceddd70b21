import assert from 'node:assert/strict';
import { z } from 'zod';
import { baseServiceEnv, ConfigError, loadConfig } from './load-config';
import { baseServiceConfig } from './service-config';

const schema = z.object({ ...baseServiceEnv });

test('defaults fill what the environment leaves out', () => {
  const config = loadConfig(schema, { HTTP_PORT: '3101' });
  assert.equal(config.HTTP_PORT, 3101);
  assert.equal(config.NODE_ENV, 'development');
  assert.equal(config.RPC_TIMEOUT_MS, 5000);
});

test("event consumers' ack wait: JetStream's 30 s unless EVENT_ACK_WAIT_MS sets it (the fault stack's 5 s); under a second is refused", () => {
  assert.equal(baseServiceConfig(loadConfig(schema, { HTTP_PORT: '1' })).eventAckWaitMs, 30_000);
  assert.equal(baseServiceConfig(loadConfig(schema, { HTTP_PORT: '1', EVENT_ACK_WAIT_MS: '5000' })).eventAckWaitMs, 5000);
  assert.throws(
    () => loadConfig(schema, { HTTP_PORT: '1', EVENT_ACK_WAIT_MS: '500' }),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && error.problems[0].startsWith('EVENT_ACK_WAIT_MS:'),
  );
});

test('copies of the EVENTS stream: 1 unless NATS_STREAM_REPLICAS sets it (3 on the production cluster, ADR 0070); 0, 6, 2.5 and words are refused with the range', () => {
  assert.equal(baseServiceConfig(loadConfig(schema, { HTTP_PORT: '1' })).streamReplicas, 1);
  assert.equal(baseServiceConfig(loadConfig(schema, { HTTP_PORT: '1', NATS_STREAM_REPLICAS: '3' })).streamReplicas, 3);
  for (const bad of ['0', '6', '2.5', 'three']) {
    assert.throws(
      () => loadConfig(schema, { HTTP_PORT: '1', NATS_STREAM_REPLICAS: bad }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        error.problems[0] === 'NATS_STREAM_REPLICAS: NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (1 on one NATS server, 3 on a 3-node cluster)',
      bad,
    );
  }
});

test('a bad configuration fails fast with every problem listed', () => {
  assert.throws(
    () => loadConfig(schema, { HTTP_PORT: '99999', NODE_ENV: 'staging', RPC_TIMEOUT_MS: '-1' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.length === 3 &&
      ['HTTP_PORT:', 'NODE_ENV:', 'RPC_TIMEOUT_MS:'].every((key) => error.problems.some((p) => p.startsWith(key))) &&
      error.message.startsWith('Invalid configuration:'),
  );
});

test('NATS_URL takes a bus user and password; anything that is not a nats:// address is refused with a clear message', () => {
  assert.equal(loadConfig(schema, { HTTP_PORT: '1', NATS_URL: 'nats://catalog:pw@nats:4222' }).NATS_URL, 'nats://catalog:pw@nats:4222');
  for (const NATS_URL of ['nats:4222', 'http://nats:4222', 'nats://']) {
    assert.throws(
      () => loadConfig(schema, { HTTP_PORT: '1', NATS_URL }),
      (error: unknown) => error instanceof ConfigError && error.problems.join() === 'NATS_URL: NATS_URL must look like nats://[user:password@]host:port',
      NATS_URL,
    );
  }
});
