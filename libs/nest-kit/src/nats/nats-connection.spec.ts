import assert from 'node:assert/strict';
import { natsConnectOptions } from './nats-connection';

test("credentials in NATS_URL become user/pass and the user's own inbox; the server address keeps no password", () => {
  assert.deepEqual(natsConnectOptions('nats://catalog:s3cr%40t@nats:4222', 'catalog-rpc'), {
    servers: ['nats://nats:4222'],
    name: 'catalog-rpc',
    user: 'catalog',
    pass: 's3cr@t',
    inboxPrefix: '_INBOX.catalog',
  });
});

test('a NATS_URL without credentials connects anonymously with the default inbox', () => {
  assert.deepEqual(natsConnectOptions('nats://127.0.0.1:4233', 'gateway'), { servers: ['nats://127.0.0.1:4233'], name: 'gateway' });
});
