// The forms service on its own (ADR 0014): in-process against the test stack's Postgres, Redis, NATS and mail
// catcher, asked over the bus as the gateway, its one caller in production.
import { FormsEvents, FormsSubjects } from '@km/contracts';
import { AppError, type RpcClient } from '@km/nest-kit';
import { connectTestRpc, createTestDatabase, startTestService, testNatsUrl, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { formsTestConfig } from './forms-test-config';

let db: TestDatabase;
let forms: INestApplication;
let dataSource: DataSource;
let gateway: { rpc: RpcClient; close: () => Promise<void> };

beforeAll(async () => {
  db = await createTestDatabase('forms');
  const config = formsTestConfig(db.url);
  forms = await startTestService(AppModule.forRoot(config), 'forms', testNatsUrl('forms'));
  dataSource = forms.get(DataSource);
  gateway = await connectTestRpc('gateway', 10_000);
});
afterAll(async () => {
  await gateway.close();
  await forms.close();
  await db.drop();
});

const uniqueEmail = () => `Reader-${randomUUID().slice(0, 8)}@Example.com`;
const subscribe = (email: string) => gateway.rpc.send(FormsSubjects.newsletterSubscribe, { email });
const rowsFor = (email: string): Promise<{ unsubscribe_token: string; unsubscribed_at: Date | null }[]> =>
  dataSource.query('SELECT unsubscribe_token, unsubscribed_at FROM newsletter_subscriptions WHERE email = $1', [email]);
const subscribedEvents = async (email: string): Promise<number> =>
  Number((await dataSource.query(`SELECT count(*) AS n FROM outbox WHERE type = $1 AND data->>'email' = $2`, [FormsEvents.newsletterSubscribed, email]))[0].n);

describe('newsletter subscriptions', () => {
  test('a subscribe stores the address in lower case with an unsubscribe token and records one subscribed event', async () => {
    const email = uniqueEmail();
    const result = await subscribe(email);
    assert.equal(result.email, email.toLowerCase());
    assert.equal(result.alreadySubscribed, false);
    assert.equal(result.message, 'Thank you for subscribing to our newsletter.');
    const rows = await rowsFor(email.toLowerCase());
    assert.equal(rows.length, 1);
    assert.match(rows[0].unsubscribe_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(rows[0].unsubscribed_at, null);
    assert.equal(await subscribedEvents(email.toLowerCase()), 1);
  });

  test('subscribing again answers alreadySubscribed with its message and changes nothing', async () => {
    const email = uniqueEmail().toLowerCase();
    await subscribe(email);
    const [before] = await rowsFor(email);
    const again = await subscribe(email);
    assert.equal(again.alreadySubscribed, true);
    assert.equal(again.message, "You're already subscribed with this email address.");
    assert.deepEqual(await rowsFor(email), [before]);
    assert.equal(await subscribedEvents(email), 1);
  });

  test('20 simultaneous subscribes of one new address: exactly one is new, one row, one event', async () => {
    const email = uniqueEmail().toLowerCase();
    const results = await Promise.all(Array.from({ length: 20 }, () => subscribe(email)));
    assert.equal(results.filter((r) => !r.alreadySubscribed).length, 1);
    assert.equal((await rowsFor(email)).length, 1);
    assert.equal(await subscribedEvents(email), 1);
  });

  test('the stored token unsubscribes, twice with the same answer; subscribing again keeps the token', async () => {
    const email = uniqueEmail().toLowerCase();
    await subscribe(email);
    const [{ unsubscribe_token: token }] = await rowsFor(email);
    const first = await gateway.rpc.send(FormsSubjects.newsletterUnsubscribe, { token });
    const second = await gateway.rpc.send(FormsSubjects.newsletterUnsubscribe, { token });
    assert.equal(first.email, email);
    assert.deepEqual(second, first);
    assert.notEqual((await rowsFor(email))[0].unsubscribed_at, null);
    assert.equal((await subscribe(email)).alreadySubscribed, false);
    assert.deepEqual(await rowsFor(email), [{ unsubscribe_token: token, unsubscribed_at: null }]);
    assert.equal(await subscribedEvents(email), 2);
  });

  test('an unknown token is a not_found error a person can act on', async () => {
    await assert.rejects(gateway.rpc.send(FormsSubjects.newsletterUnsubscribe, { token: 'A'.repeat(43) }), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'not_found');
      assert.equal(error.message, 'This unsubscribe link is not valid (it may be mistyped or cut off). Please use the link from your most recent email.');
      return true;
    });
  });
});
