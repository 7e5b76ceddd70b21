import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { note, pidOf, ready, signedInAdmin, stack, waitUntil, type Session } from './stack';

/**
 * ADR 0057, a campaign sender killed mid-campaign: forms (which claims recipients, queues their emails and works the
 * mail queue too) is killed with SIGKILL once part of a campaign has arrived; the supervisor restarts it. Checked
 * through the mail catcher: every confirmed recipient has exactly one email (one Message-ID; SMTP being at-least-once,
 * a message resent under the same Message-ID is one email), no unconfirmed address has any, and the campaign's report
 * says all were sent.
 */
const RECIPIENTS = 10_000;

let forms: Client;
let admin: Session;
beforeAll(async () => {
  forms = new Client({ connectionString: stack.pgAdminUrl.replace(/\/postgres$/, '/forms'), application_name: 'fault-suite' });
  await forms.connect();
  admin = await signedInAdmin();
});
afterAll(async () => {
  await forms.end();
});

interface CaughtMail {
  subject: string;
  to: { address: string }[];
  headers?: Record<string, string>;
}
const mailsOf = async (subject: string) => ((await (await fetch(`${stack.mailApiUrl}/api/email`)).json()) as CaughtMail[]).filter((m) => m.subject === subject);

test(`kill -9 of forms mid-campaign: each of ${RECIPIENTS} confirmed subscribers gets exactly one copy (by Message-ID), nobody else any`, async () => {
  const tag = `crash-${randomUUID().slice(0, 8)}`;
  const emails = Array.from({ length: RECIPIENTS }, (_, i) => `${tag}-${String(i).padStart(5, '0')}@example.com`);
  await forms.query(
    `INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source, confirmed_at)
     SELECT e, substr(md5(random()::text) || md5(random()::text), 1, 43), 'footer', now() FROM unnest($1::text[]) AS e`,
    [emails],
  );
  const unconfirmed = `${tag}-unconfirmed@example.com`;
  await forms.query(`INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source) VALUES ($1, $2, 'footer')`, [unconfirmed, 'u'.repeat(43)]);
  const subject = `Crash campaign ${tag}`;
  const created = await admin.post('/api/admin/newsletter/campaigns', { subject, bodyMarkdown: 'Hello **friends**.' });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const started = await admin.post(`/api/admin/newsletter/campaigns/${created.body.id}/send`);
  assert.equal(started.status, 202, JSON.stringify(started.body));

  await waitUntil('a tenth of the campaign arrived', async () => (await mailsOf(subject)).length >= RECIPIENTS / 10, 120_000);
  const killed = pidOf('forms');
  process.kill(killed, 'SIGKILL');
  const arrivedBefore = (await mailsOf(subject)).length;
  await waitUntil('forms is back', async () => pidOf('forms') !== killed && (await ready('forms')) === 200, 60_000);
  const doneIn = await waitUntil(
    'the campaign reports sent',
    async () => (await admin.get(`/api/admin/newsletter/campaigns/${created.body.id}`)).body.status === 'sent',
    600_000,
  );
  await new Promise((r) => setTimeout(r, 3000));

  const mails = await mailsOf(subject);
  const byAddress = new Map<string, Set<string>>();
  mails.forEach((m, i) => {
    const ids = byAddress.get(m.to[0].address) ?? new Set<string>();
    ids.add(m.headers?.['message-id'] ?? `no Message-ID ${i}`);
    byAddress.set(m.to[0].address, ids);
  });
  const report = (await admin.get(`/api/admin/newsletter/campaigns/${created.body.id}`)).body;
  note(
    'newsletter crash',
    `forms (pid ${killed}) killed after ${arrivedBefore}/${RECIPIENTS} emails; campaign sent ${doneIn} ms after the restart; ${mails.length} deliveries for ${byAddress.size} addresses; report ${JSON.stringify(report.counts)}`,
  );
  const wrong = emails.filter((e) => byAddress.get(e)?.size !== 1);
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} addresses without exactly one email`);
  assert.equal(byAddress.has(unconfirmed), false);
  assert.equal([...byAddress.keys()].filter((a) => a.startsWith(tag)).length, RECIPIENTS);
  // The stack's other confirmed subscribers are in the audience too: at least ours were sent, none failed or left.
  assert.ok(report.counts.sent >= RECIPIENTS, JSON.stringify(report.counts));
  assert.deepEqual([report.counts.failed, report.counts.pending], [0, 0]);
});
