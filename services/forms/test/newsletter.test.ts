// The forms service on its own (ADR 0014): in-process against the test stack's Postgres, Redis, NATS and mail
// catcher, asked over the bus as the gateway, its one caller in production.
import { FormsEvents, FormsSubjects } from '@km/contracts';
import { AppError, type RpcClient } from '@km/nest-kit';
import { MediaSubjects, type PodcastSubscriberEmail } from '@km/contracts/media';
import {
  connectTestRpc,
  createTestDatabase,
  eventually,
  startServiceDouble,
  startTestService,
  testNatsUrl,
  testServers,
  type TestDatabase,
} from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { CampaignSender } from '../src/campaigns/campaign-sender';
import { CampaignsService } from '../src/campaigns/campaigns.service';
import { confirmToken } from '../src/newsletter/newsletter-links';
import { formsTestConfig } from './forms-test-config';

let db: TestDatabase;
let forms: INestApplication;
let dataSource: DataSource;
let gateway: { rpc: RpcClient; close: () => Promise<void> };
let config: ReturnType<typeof formsTestConfig>;

beforeAll(async () => {
  db = await createTestDatabase('forms');
  // The scheduler's batches are left out (no worker): the race below runs batches by hand.
  config = formsTestConfig(db.url, { NEWSLETTER_WORKER: 'false', NEWSLETTER_BATCH_SIZE: '40' });
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

  const confirmedEvents = async (email: string): Promise<number> =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM outbox WHERE type = $1 AND data->>'email' = $2`, [FormsEvents.newsletterConfirmed, email]))[0].n);
  const tokenFor = async (email: string, secret = config.newsletter.linkSecret, expiresAt = new Date(Date.now() + 3600_000)) => {
    const [{ id }] = await dataSource.query('SELECT id FROM newsletter_subscriptions WHERE email = $1', [email]);
    return confirmToken(id, email, expiresAt, secret);
  };

  test('20 simultaneous confirmations of one link: every answer is the same, one confirmed event, one consent step', async () => {
    const email = uniqueEmail().toLowerCase();
    await subscribe(email);
    const token = await tokenFor(email);
    const results = await Promise.all(Array.from({ length: 20 }, () => gateway.rpc.send(FormsSubjects.newsletterConfirm, { token })));
    assert.equal(new Set(results.map((r) => JSON.stringify(r))).size, 1);
    assert.equal(results[0].email, email);
    assert.equal(await confirmedEvents(email), 1);
    const steps = await dataSource.query(`SELECT step FROM newsletter_consent_log WHERE email = $1 ORDER BY id`, [email]);
    assert.deepEqual(
      steps.map((r: { step: string }) => r.step),
      ['requested', 'confirmed'],
    );
  });

  test('a link signed with another key, for another address, or expired confirms nothing and says what to do', async () => {
    const email = uniqueEmail().toLowerCase();
    await subscribe(email);
    const refusedWith = (message: RegExp) => (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'invalid');
      assert.match(error.message, message);
      return true;
    };
    const [{ id }] = await dataSource.query('SELECT id FROM newsletter_subscriptions WHERE email = $1', [email]);
    const otherAddress = confirmToken(id, 'someone@example.com', new Date(Date.now() + 3600_000), config.newsletter.linkSecret);
    for (const token of [await tokenFor(email, 'k'.repeat(40)), otherAddress]) {
      await assert.rejects(gateway.rpc.send(FormsSubjects.newsletterConfirm, { token }), refusedWith(/^This confirmation link is not valid/));
    }
    await assert.rejects(
      gateway.rpc.send(FormsSubjects.newsletterConfirm, { token: await tokenFor(email, undefined, new Date(Date.now() - 1000)) }),
      refusedWith(/^This confirmation link has expired\./),
    );
    assert.equal(await confirmedEvents(email), 0);
  });

  test('unsubscribing and confirming at once: the address ends unsubscribed whatever the order', async () => {
    const email = uniqueEmail().toLowerCase();
    await subscribe(email);
    const token = await tokenFor(email);
    const [{ unsubscribe_token: unsubscribeToken }] = await rowsFor(email);
    await Promise.allSettled([
      gateway.rpc.send(FormsSubjects.newsletterConfirm, { token }),
      gateway.rpc.send(FormsSubjects.newsletterUnsubscribe, { token: unsubscribeToken }),
    ]);
    assert.notEqual((await rowsFor(email))[0].unsubscribed_at, null);
  });
});

describe('campaign sending', () => {
  test('five batches run at once by five workers: every recipient is claimed once and gets one email', async () => {
    const tag = `race${randomUUID().slice(0, 8)}`;
    const emails = Array.from({ length: 150 }, (_, i) => `${tag}-${String(i).padStart(3, '0')}@example.com`);
    await dataSource.query(
      `INSERT INTO newsletter_subscriptions (email, unsubscribe_token, source, confirmed_at)
       SELECT e, substr(md5(random()::text) || md5(random()::text), 1, 43), 'footer', now() FROM unnest($1::text[]) AS e`,
      [emails],
    );
    const subject = `Race ${tag}`;
    const campaign = await gateway.rpc.send(FormsSubjects.campaigns.create, { subject, bodyMarkdown: 'Hello.' });
    const started = await gateway.rpc.send(FormsSubjects.campaigns.send, { id: campaign.id });
    assert.equal(started.status, 'sending');
    const sender = forms.get(CampaignSender);
    // Every batch at once claims the same pending rows; SKIP LOCKED and the guarded update give each to one of them.
    for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 5 }, () => sender.batch()));
    await eventually(
      async () => {
        await sender.batch();
        return (await gateway.rpc.send(FormsSubjects.campaigns.get, { id: campaign.id })).status === 'sent';
      },
      30_000,
      200,
    );
    const report = await gateway.rpc.send(FormsSubjects.campaigns.get, { id: campaign.id });
    assert.ok(report.counts.sent >= emails.length);
    assert.deepEqual([report.counts.failed, report.counts.pending], [0, 0]);
    await new Promise((r) => setTimeout(r, 1000));
    // One copy is one Message-ID (ADR 0057): SMTP is at-least-once, so a message sent again after a lost answer keeps its id.
    const mails = (await (await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email`)).json()) as {
      subject: string;
      to: { address: string }[];
      headers: Record<string, string>;
    }[];
    const ids = new Map<string, Set<string>>();
    for (const m of mails.filter((mail) => mail.subject === subject))
      ids.set(m.to[0].address, (ids.get(m.to[0].address) ?? new Set()).add(m.headers['message-id']));
    // The database's other confirmed subscribers (from the tests above) are in the audience too.
    assert.deepEqual([...ids.keys()].filter((address) => address.startsWith(tag)).sort(), emails);
    assert.deepEqual(
      [...ids.entries()].filter(([, set]) => set.size !== 1),
      [],
    );
  });
});

describe('episode announcements (ADR 0072)', () => {
  test('ten announcements of one episode at once (a redelivery, two replicas) make one podcast campaign, one copy per address, bounces and addresses unsubscribed since left out', async () => {
    const tag = `ann${randomUUID().slice(0, 8)}`;
    const subscriber = (name: string): PodcastSubscriberEmail => ({
      email: `${tag}-${name}@example.com`,
      unsubscribeToken: randomUUID().replace(/-/g, '').padEnd(43, 'x'),
    });
    // Two pages, as media answers 5,000 at a time; an address arrives in upper case; one was bounced before.
    const firstPage = [subscriber('a'), subscriber('b'), { ...subscriber('c'), email: `${tag}-C@Example.com` }];
    const secondPage = [subscriber('d'), subscriber('e-bounced')];
    await dataSource.query(`INSERT INTO newsletter_bounces (email, code, reason) VALUES ($1, 550, 'permanent SMTP failure: 550 5.1.1 test')`, [
      secondPage[1].email,
    ]);
    const pagesAsked: (string | undefined)[] = [];
    // b unsubscribes from the podcast's list after the announcement took the list, before its copy is sent.
    const left = new Set<string>();
    const tokensAsked: string[][] = [];
    const media = await startServiceDouble('media', {
      [MediaSubjects.subscriptionsStillSubscribed]: ({ tokens }: { tokens: string[] }) => {
        tokensAsked.push(tokens);
        return { tokens: tokens.filter((t) => !left.has(t)) };
      },
      [MediaSubjects.subscriptionsEmails]: ({ after }: { after?: string }) => {
        pagesAsked.push(after);
        return after ? { subscribers: secondPage, next: null } : { subscribers: firstPage, next: firstPage[2].email.toLowerCase() };
      },
    });
    try {
      const episode = { id: randomUUID(), title: 'Grace *at* work', episodeNumber: 7000 + Math.floor(Math.random() * 1000) };
      const campaigns = forms.get(CampaignsService);
      await Promise.all(Array.from({ length: 10 }, () => dataSource.transaction((manager) => campaigns.announce(manager, episode))));
      const rows: { id: string; audience: string; status: string; subject: string }[] = await dataSource.query(
        `SELECT id, audience, status, subject FROM newsletter_campaigns WHERE episode_id = $1`,
        [episode.id],
      );
      assert.deepEqual(
        rows.map((r) => [r.audience, r.status, r.subject]),
        [['podcast', 'sending', `New episode ${episode.episodeNumber}: Grace *at* work`]],
      );
      assert.deepEqual(pagesAsked, [undefined, `${tag}-c@example.com`]);
      const expected = [...firstPage, secondPage[0]].map((s) => ({ email: s.email.toLowerCase(), list: 'podcast', token: s.unsubscribeToken }));
      assert.deepEqual(
        await dataSource.query(`SELECT email, list, unsubscribe_token AS token FROM newsletter_campaign_recipients WHERE campaign_id = $1 ORDER BY email`, [
          rows[0].id,
        ]),
        expected.sort((x, y) => x.email.localeCompare(y.email)),
      );

      left.add(firstPage[1].unsubscribeToken);
      const sender = forms.get(CampaignSender);
      await eventually(
        async () => {
          await sender.batch();
          return (await gateway.rpc.send(FormsSubjects.campaigns.get, { id: rows[0].id })).status === 'sent';
        },
        30_000,
        200,
      );
      await new Promise((r) => setTimeout(r, 500));
      const mailApi = testServers().KM_TEST_MAIL_API_URL;
      const mails = (await (await fetch(`${mailApi}/api/email`)).json()) as { id: string; subject: string; to: { address: string }[] }[];
      const copies = mails.filter((m) => m.subject === rows[0].subject);
      const sentTo = expected.filter((e) => e.email !== firstPage[1].email);
      assert.deepEqual(copies.map((m) => m.to[0].address).sort(), sentTo.map((e) => e.email).sort());
      assert.deepEqual(tokensAsked[0].slice().sort(), expected.map((e) => e.token).sort(), 'every podcast recipient is asked about before its claim');
      assert.deepEqual(
        await dataSource.query(`SELECT state FROM newsletter_campaign_recipients WHERE campaign_id = $1 AND email = $2`, [rows[0].id, firstPage[1].email]),
        [{ state: 'skipped' }],
      );
      for (const m of copies) {
        const token = sentTo.find((e) => e.email === m.to[0].address)!.token;
        // The raw message, unfolded (RFC 5322): the headers as the receiving mail client reads them.
        const source = `\r\n${(await (await fetch(`${mailApi}/api/email/${m.id}/source`)).text()).replace(/\r\n(?=[ \t])/g, '')}`;
        assert.ok(
          source.includes(`\r\nList-Unsubscribe: <${config.publicOrigin}/api/podcast-subscriptions/unsubscribe?token=${token}>\r\n`),
          source.slice(0, 1500),
        );
        assert.ok(source.includes('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n'));
      }
    } finally {
      await media.close();
    }
  });
});
