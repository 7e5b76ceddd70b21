import type { PodcastEpisode } from '@km/contracts/media';
import { eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ADMIN, caughtMails, Client, episodeFields, episodeForm, mp3, sentTo, startHarness, type CaughtMail, type Harness } from './harness';

let h: Harness;
let admin: Client;
let nextNumber = 500;

beforeAll(async () => {
  // New-episode announcements are forms' campaigns to the podcast's list (ADR 0072), sent in quick batches here.
  h = await startHarness({
    media: {},
    forms: { NEWSLETTER_BATCH_INTERVAL_MS: '200' },
    gateway: { RATE_LIMIT_FORMS_PER_HOUR: '100000', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  admin = new Client(h.gateway);
  assert.equal((await admin.post('/api/auth/login', ADMIN)).status, 200);
});
afterAll(async () => {
  await h.stop();
});

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** Waits until `count` emails reached `to`, then a little longer to be sure no more arrive. */
async function mailsTo(to: string, count: number): Promise<CaughtMail[]> {
  if (count > 0) await eventually(async () => sentTo(await caughtMails(), to).length >= count, 10_000, 100);
  await new Promise((r) => setTimeout(r, 700));
  return sentTo(await caughtMails(), to);
}

async function subscribe(email: string, preferredFormat: string) {
  const res = await new Client(h.gateway).post('/api/podcast-subscriptions', { firstName: 'Lydia', email, preferredFormat });
  assert.equal(res.status, 201, JSON.stringify(res.body));
}

async function publish(title: string): Promise<PodcastEpisode> {
  const res = await admin.post('/api/podcast-episodes', episodeForm(episodeFields({ episodeNumber: String(nextNumber++), title }), mp3()));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const unsubscribeLink = (mail: CaughtMail) => /Unsubscribe from podcast emails: (\S+)/.exec(mail.text)![1];

test('email and both subscribers get a welcome with a one-click unsubscribe link; sms subscribers get no email', async () => {
  const [byEmail, byBoth, bySms] = [address('email'), address('both'), address('sms')];
  await subscribe(byEmail, 'email');
  await subscribe(byBoth, 'both');
  await subscribe(bySms, 'sms');
  for (const to of [byEmail, byBoth]) {
    const [welcome, ...more] = await mailsTo(to, 1);
    assert.equal(more.length, 0);
    assert.equal(welcome.subject, 'Welcome to the Kingdom Marketplace podcast');
    // ADR 0026: the address is not proved, so the name typed in the form is not quoted to it
    assert.match(welcome.text, /^Hello,/);
    assert.ok(!welcome.text.includes('Lydia'));
    assert.match(unsubscribeLink(welcome), /^http:\/\/localhost:3999\/api\/podcast-subscriptions\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
  }
  assert.deepEqual(await mailsTo(bySms, 0), []);
});

test('a new episode is emailed to every email subscriber once, through the campaign sender, and the unsubscribe link stops the next one', async () => {
  const [staying, leaving, bySms] = [address('staying'), address('leaving'), address('sms')];
  await subscribe(staying, 'email');
  await subscribe(leaving, 'both');
  await subscribe(bySms, 'sms');
  const [welcome] = await mailsTo(leaving, 1);

  const first = await publish('Walking in Purpose');
  for (const to of [staying, leaving]) {
    const episodeMails = (await mailsTo(to, 2)).filter((m) => m.subject.startsWith('New episode'));
    assert.deepEqual(
      episodeMails.map((m) => m.subject),
      [`New episode ${first.episodeNumber}: Walking in Purpose`],
    );
    assert.match(episodeMails[0].text, new RegExp(`/podcast\\?episode=${first.episodeNumber}`));
    // Its footer's one-click link leaves the podcast's list (ADR 0056, 0072).
    assert.match(
      episodeMails[0].text,
      /Unsubscribe from podcast emails: http:\/\/localhost:3999\/api\/podcast-subscriptions\/unsubscribe\?token=[A-Za-z0-9_-]{43}/,
    );
  }
  assert.deepEqual(await mailsTo(bySms, 0), []);

  // Opening the link asks, and changes nothing (mail scanners open every link, ADR 0056); its button POSTs the same
  // link, which unsubscribes with no sign-in; a second press answers the same.
  const path = new URL(unsubscribeLink(welcome)).pathname + new URL(unsubscribeLink(welcome)).search;
  const asked = await fetch(h.baseUrl + path);
  assert.equal(asked.status, 200);
  const question = await asked.text();
  assert.match(question, /Unsubscribe from podcast emails\?/);
  assert.ok(question.includes(`<form method="post" action="${path.replace(/&/g, '&amp;')}"><button type="submit">Unsubscribe</button></form>`), question);
  assert.doesNotMatch(question, /You have been unsubscribed/);
  for (let i = 0; i < 2; i++) {
    const page = await fetch(h.baseUrl + path, { method: 'POST' });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /You have been unsubscribed/);
  }

  const second = await publish('Faithful Stewardship');
  const stayingMails = await mailsTo(staying, 3);
  assert.ok(stayingMails.some((m) => m.subject === `New episode ${second.episodeNumber}: Faithful Stewardship`));
  assert.equal((await mailsTo(leaving, 0)).filter((m) => m.subject.includes('Faithful Stewardship')).length, 0);
});

test('a broken unsubscribe link answers a page that says what to do, opened or pressed', async () => {
  for (const method of ['GET', 'POST']) {
    const res = await fetch(`${h.baseUrl}/api/podcast-subscriptions/unsubscribe?token=short`, { method });
    assert.equal(res.status, 400, method);
    assert.match(await res.text(), /This unsubscribe link is incomplete/);
  }
});
