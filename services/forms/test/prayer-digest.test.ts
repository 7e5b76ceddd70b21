// The requester's prayer digest (ADR 0042): two forms replicas on one database, both working the digest queue on a
// job scheduler that fires every second, asked over the bus as the gateway asks.
import { FormsSubjects } from '@km/contracts';
import type { RpcClient } from '@km/nest-kit';
import { connectTestRpc, createTestDatabase, eventually, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { formsTestConfig } from './forms-test-config';
import { PrayerDigest } from '../src/prayer/prayer-digest';

let db: TestDatabase;
let replicas: INestApplication[];
let dataSource: DataSource;
let gateway: { rpc: RpcClient; close: () => Promise<void> };

// The scheduler fires every second on both replicas.
const start = () => startTestService(AppModule.forRoot(formsTestConfig(db.url, { PRAYER_DIGEST_SCHEDULE: '* * * * * *' })), 'forms', testNatsUrl('forms'));

beforeAll(async () => {
  db = await createTestDatabase('forms');
  replicas = [await start(), await start()];
  dataSource = replicas[0].get(DataSource);
  gateway = await connectTestRpc('gateway', 10_000);
});
afterAll(async () => {
  await gateway.close();
  for (const replica of replicas) await replica.close();
  await db.drop();
});

interface Mail {
  subject: string;
  to: { address: string }[];
  text: string;
}
const mailsTo = async (address: string): Promise<Mail[]> => {
  const res = await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email`);
  return ((await res.json()) as Mail[]).filter(
    (m) => m.to.some((t) => t.address === address) && m.subject === 'People are praying for you | Kingdom Marketplace',
  );
};
const digestRows = async (email: string): Promise<{ period: string; prayed: number }[]> =>
  dataSource.query(`SELECT to_char(period, 'YYYY-MM-DD') AS period, prayed FROM prayer_digests WHERE email = $1 ORDER BY period`, [email]);

const request = async (email: string, overrides: Record<string, unknown> = {}) =>
  (
    await gateway.rpc.send(FormsSubjects.prayer.create, {
      firstName: 'Hannah',
      email,
      requestType: 'health',
      prayerRequest: 'Please pray for my recovery.',
      confidentialityAccepted: true,
      ...overrides,
    })
  ).id;
const teamPrays = (id: string) => gateway.rpc.send(FormsSubjects.prayerTeam.prayed, { id, by: { userId: randomUUID(), username: 'samuel' }, note: null });
const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

describe('the prayer digest', () => {
  test('sent exactly once per day per requester with two workers racing and the scheduler firing every second', async () => {
    const email = uniqueEmail('hannah');
    const first = await request(email);
    const second = await request(email, { requestType: 'family' });
    // The scheduler fires every second: held back until all three prayers are in, so the digest counts them all.
    await dataSource.query(`UPDATE prayer_requesters SET digest_unsubscribed_at = now() WHERE email = $1`, [email]);
    await teamPrays(first);
    await teamPrays(first);
    await teamPrays(second);
    await dataSource.query(`UPDATE prayer_requesters SET digest_unsubscribed_at = NULL WHERE email = $1`, [email]);
    const [a, b] = replicas.map((r) => r.get(PrayerDigest));
    const sent = await Promise.all([a.run(), b.run(), a.run(), b.run(), a.run(), b.run()]);
    assert.ok(sent.reduce((x, y) => x + y, 0) <= 1);
    // The scheduler keeps firing on both replicas: still one.
    await eventually(async () => (await mailsTo(email)).length >= 1, 10_000, 100);
    await new Promise((r) => setTimeout(r, 2500));
    const mails = await mailsTo(email);
    assert.equal(mails.length, 1);
    assert.equal((await digestRows(email)).length, 1);
    assert.equal((await digestRows(email))[0].prayed, 3);
    assert.match(mails[0].text, /Health & healing request of .*: 2 people prayed for your request this week\./);
    assert.match(mails[0].text, /Family request of .*: 1 person prayed for your request this week\./);
    const [{ token }] = await dataSource.query(`SELECT token FROM prayer_requesters WHERE email = $1`, [email]);
    assert.ok(mails[0].text.includes(`Open your prayer requests: http://localhost:3999/prayer/mine?token=${token}`));
    assert.ok(mails[0].text.includes(`Unsubscribe in one tap: http://localhost:3999/api/prayer-requests/mine/unsubscribe?token=${token}`));
    // What the requester typed is never in it (the address was never verified).
    assert.ok(!mails[0].text.includes('Please pray for my recovery.'));
  });

  test('only when something changed: a later day without new prayers sends nothing; a new prayer sends the next day', async () => {
    const email = uniqueEmail('anna');
    const id = await request(email);
    await teamPrays(id);
    const digest = replicas[0].get(PrayerDigest);
    await eventually(async () => (await digestRows(email)).length === 1, 10_000, 100);
    const tomorrow = new Date(Date.now() + 86_400_000);
    assert.equal(await digest.run(tomorrow), 0);
    await teamPrays(id);
    assert.equal(await digest.run(tomorrow), 1);
    assert.deepEqual(
      (await digestRows(email)).map((r) => r.prayed),
      [1, 2],
    );
  });

  test('counts people, not prayers: a team member praying twice and a visitor praying on two days are two people', async () => {
    const email = uniqueEmail('miriam');
    // Held back until every prayer is in, as above.
    const id = await request(email, { allowSharing: true });
    await dataSource.query(`UPDATE prayer_requesters SET digest_unsubscribed_at = now() WHERE email = $1`, [email]);
    const samuel = { userId: randomUUID(), username: 'samuel' };
    for (let i = 0; i < 2; i++) await gateway.rpc.send(FormsSubjects.prayerTeam.prayed, { id, by: samuel, note: null });
    await gateway.rpc.send(FormsSubjects.prayerTeam.moderate, { id, decision: 'approve', by: samuel });
    const visitor = 'a'.repeat(64);
    assert.equal((await gateway.rpc.send(FormsSubjects.prayerWall.prayed, { id, visitor })).counted, true);
    // The same visitor a day later is counted on the wall again, but is still one person.
    await dataSource.query(`UPDATE prayer_wall_visits SET counted_at = now() - interval '25 hours' WHERE request_id = $1`, [id]);
    assert.equal((await gateway.rpc.send(FormsSubjects.prayerWall.prayed, { id, visitor })).counted, true);
    assert.equal((await dataSource.query(`SELECT count(*)::int AS n FROM prayer_prayers WHERE request_id = $1`, [id]))[0].n, 4);
    await dataSource.query(`UPDATE prayer_requesters SET digest_unsubscribed_at = NULL WHERE email = $1`, [email]);
    await eventually(async () => (await mailsTo(email)).length === 1, 10_000, 100);
    const [mail] = await mailsTo(email);
    assert.match(mail.text, /Health & healing request of .*: 2 people prayed for your request this week\./);
    assert.deepEqual(
      (await digestRows(email)).map((r) => r.prayed),
      [2],
    );
  });

  test('no digest to a requester who unsubscribed, asked for no follow-up, or took the request down', async () => {
    const unsubscribed = uniqueEmail('eli');
    const quiet = uniqueEmail('ruth');
    const gone = uniqueEmail('boaz');
    const ids = [await request(unsubscribed), await request(quiet, { preferredContact: 'none' }), await request(gone)];
    const [{ token }] = await dataSource.query(`SELECT token FROM prayer_requesters WHERE email = $1`, [unsubscribed]);
    await gateway.rpc.send(FormsSubjects.prayerOwner.unsubscribe, { token });
    const [{ token: goneToken }] = await dataSource.query(`SELECT token FROM prayer_requesters WHERE email = $1`, [gone]);
    await gateway.rpc.send(FormsSubjects.prayerOwner.act, { token: goneToken, id: ids[2], change: { action: 'take-down' } });
    for (const id of ids) await teamPrays(id);
    await replicas[0].get(PrayerDigest).run();
    await new Promise((r) => setTimeout(r, 2000));
    for (const email of [unsubscribed, quiet, gone]) assert.deepEqual(await digestRows(email), [], email);
  });

  test('the run closes requests past their expiry; renewing reopens one for another 30 days', async () => {
    const email = uniqueEmail('simeon');
    const id = await request(email);
    await dataSource.query(`UPDATE prayer_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await replicas[0].get(PrayerDigest).run();
    assert.equal((await dataSource.query(`SELECT state FROM prayer_requests WHERE id = $1`, [id]))[0].state, 'closed');
    assert.equal((await gateway.rpc.send(FormsSubjects.prayerTeam.next, { skip: [] })).request?.id === id, false);
    const [{ token }] = await dataSource.query(`SELECT token FROM prayer_requesters WHERE email = $1`, [email]);
    const own = await gateway.rpc.send(FormsSubjects.prayerOwner.act, { token, id, change: { action: 'renew' } });
    assert.equal(own.items[0].state, 'praying');
    assert.ok(Math.abs(Date.parse(own.items[0].expiresAt) - Date.now() - 30 * 86_400_000) < 60_000);
  });
});
