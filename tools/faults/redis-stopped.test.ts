import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tcpOpen } from '../stack/processes';
import { hold, note, pidOf, release, Session, stack, waitUntil } from './stack';

/**
 * Issue 15, Redis down: the stack's redis-server stopped (SIGTERM, and kept down as a StatefulSet scaled to 0) while
 * contact messages are sent. Rate limits fail as ADR 0012 decided, and issue 25 changed for forms: a form is refused
 * with 503 (fail closed, like sign-in), so an outage is never a window for unbounded anonymous writes. No mail can leave while Redis is down; once the supervisor starts Redis again, each
 * message's two emails (the sender's acknowledgement, the staff notification) arrive exactly once.
 * The payout run interrupted by a Redis restart is proved by services/membership/test/payout-crashes.test.ts
 * ("Redis killed and started again on its port mid-run: the run completes with one payout per member").
 */

const MESSAGES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Mail = { subject: string; to: { address: string }[]; headers?: Record<string, string> };
const mails = async () => (await (await fetch(`${stack.mailApiUrl}/api/email`)).json()) as Mail[];

describe('Redis stopped, then started again', () => {
  afterAll(() => release('redis'));

  test(`${MESSAGES} contact messages while Redis is stopped: refused 503 (forms fail closed), sign-in 503, no mail meanwhile; after Redis returns each message's 2 emails arrive exactly once`, async () => {
    const visitor = new Session();
    const run = randomUUID().slice(0, 6);
    const redis = pidOf('redis');
    hold('redis');
    process.kill(redis, 'SIGTERM');
    const downMs = Date.now();
    await waitUntil('Redis has stopped', async () => !(await tcpOpen(stack.redisPort)), 10_000);

    const sent: { email: string; lastName: string }[] = [];
    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    await Promise.all(
      Array.from({ length: MESSAGES }, async (_, n) => {
        const body = {
          firstName: 'Priscilla',
          lastName: `Redis${run}x${n}`,
          email: `redis-${run}-${n}@example.com`,
          subject: 'general',
          message: 'Sent while Redis was stopped.',
          privacyAccepted: true,
        };
        const res = await visitor.post('/api/contact-messages', body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) sent.push({ email: body.email, lastName: body.lastName });
        else refusals.add(JSON.stringify(res.body));
      }),
    );
    const signIn = await new Session().post('/api/auth/login', stack.admin);
    const readyDuring = await fetch(`${stack.gatewayUrl}/ready`);
    // Long enough for the forms consumer to have handled every event and a worker to have sent, had it been able to.
    await sleep(3000);
    const mine = (all: Mail[]) => all.filter((m) => m.to.some((t) => t.address.startsWith(`redis-${run}-`)) || m.subject.includes(`Redis${run}x`));
    const duringDown = mine(await mails()).length;

    release('redis');
    await waitUntil('the supervisor started Redis again', async () => pidOf('redis') !== redis && (await tcpOpen(stack.redisPort)), 20_000);
    const upMs = Date.now();
    const perMessage = async () => {
      const all = mine(await mails());
      return sent.map(({ email, lastName }) => {
        const of = all.filter((m) => m.to.some((t) => t.address === email) || m.subject.includes(`${lastName}:`));
        return { email, deliveries: of.length, messages: new Set(of.map((m, i) => m.headers?.['message-id'] ?? `no Message-ID ${i}`)).size };
      });
    };
    const arrivedMs = await waitUntil('each message’s two emails arrived', async () => (await perMessage()).every((m) => m.messages >= 2), 60_000);
    await sleep(3000); // a duplicate would show by now
    const counts = await perMessage();
    note(
      'redis down',
      `redis-server stopped (SIGTERM, held down ${((upMs - downMs) / 1000).toFixed(1)} s): ${MESSAGES} contact messages → ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
        `sign-in ${signIn.status}; gateway /ready ${readyDuring.status}; emails while down: ${duringDown}; after the restart all arrived in ${(arrivedMs / 1000).toFixed(1)} s: ` +
        `${counts.reduce((a, m) => a + m.messages, 0)} emails in ${counts.reduce((a, m) => a + m.deliveries, 0)} deliveries for ${sent.length} messages (2 each expected); ` +
        'a payout run interrupted by a Redis restart (one payout per member) is proved by services/membership/test/payout-crashes.test.ts in the integration suite',
    );
    // Issue 25 changed this on purpose: the form limit fails closed (it failed open before, ADR 0012).
    assert.deepEqual(Object.fromEntries(statuses), { 503: MESSAGES }, 'the form limit fails closed (issue 25): no message taken while Redis is down');
    assert.deepEqual(
      [...refusals],
      [JSON.stringify({ statusCode: 503, code: 'unavailable', message: 'Sending forms is temporarily unavailable. Please try again in a few minutes.' })],
    );
    assert.equal(signIn.status, 503, 'sign-in fails closed (ADR 0012)');
    assert.equal(signIn.body.message, 'Sign-in is temporarily unavailable. Please try again in a few minutes.');
    assert.equal(readyDuring.status, 503, 'the gateway’s /ready says Redis is down');
    assert.equal(duringDown, 0, 'no email can leave while Redis (the mail queue) is down');
    assert.deepEqual(
      counts.filter((m) => m.messages !== 2 || m.deliveries !== 2),
      [],
      'messages without exactly two emails, each delivered once',
    );
    assert.equal((await new Session().post('/api/auth/login', stack.admin)).status, 200, 'sign-in works again');
  });
});
