import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import pino from 'pino';
import { MailService } from '../src/mail/mail.service';
import { mailQueueName, type MailSettings } from '../src/mail/mail.types';
import { testServers } from '../src/testing/config';
import { eventually } from '../src/testing/start-app';

const logger = pino({ level: 'silent' });

interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text: string;
}

async function caught(subject: string): Promise<CaughtMail[]> {
  const res = await fetch(`${testServers().KM_TEST_MAIL_API_URL}/api/email`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((m) => m.subject === subject);
}

function settings(smtpPort: number): MailSettings {
  return {
    redisUrl: testServers().KM_TEST_REDIS_URL,
    smtp: { host: '127.0.0.1', port: smtpPort, secure: false },
    from: 'Kingdom Marketplace <hello@kingdom.test>',
    worker: true,
    backoffMs: 150,
    maxBackoffMs: 400,
  };
}

test('a queued email reaches the SMTP server once, even when queued twice under the same key', async () => {
  const mail = new MailService(settings(testServers().KM_TEST_SMTP_PORT!), logger, 'kit-test');
  await mail.onApplicationBootstrap();
  const subject = `Welcome ${randomUUID()}`;
  try {
    await mail.send(`welcome:${subject}`, { to: 'ruth@example.com', subject, text: 'Thank you for subscribing.' });
    await mail.send(`welcome:${subject}`, { to: 'ruth@example.com', subject, text: 'Thank you for subscribing.' });
    const [delivered] = await eventually(async () => (await caught(subject)).length > 0 && caught(subject), 10_000);
    assert.equal(delivered.to[0].address, 'ruth@example.com');
    assert.equal(delivered.text.trim(), 'Thank you for subscribing.');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await caught(subject)).length, 1);
  } finally {
    await mail.onApplicationShutdown();
  }
});

test('while SMTP is down mail waits and retries; once SMTP is back it is delivered exactly once', async () => {
  // A port that refuses connections until we start forwarding it to the mail catcher.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const mail = new MailService(settings(port), logger, 'kit-test-outage');
  await mail.onApplicationBootstrap();
  const subject = `Order confirmed ${randomUUID()}`;
  let proxy: net.Server | undefined;
  try {
    await mail.send(`order:${subject}`, { to: 'lydia@example.com', subject, text: 'Your order is confirmed.' });
    await new Promise((r) => setTimeout(r, 1200));
    assert.equal((await caught(subject)).length, 0);
    proxy = net
      .createServer((client) => {
        const upstream = net.connect(testServers().KM_TEST_SMTP_PORT!, '127.0.0.1');
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      })
      .listen(port, '127.0.0.1');
    await eventually(async () => (await caught(subject)).length > 0, 10_000);
    await new Promise((r) => setTimeout(r, 800));
    assert.equal((await caught(subject)).length, 1);
  } finally {
    await mail.onApplicationShutdown();
    proxy?.close();
  }
});

test("one service's SMTP outage never holds another service's mail: each service's mail has its own queue and workers", async () => {
  // "broken" points at a port nobody listens on; its worker retries for as long as the test runs.
  const deadPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const suffix = randomUUID().slice(0, 8);
  const broken = new MailService(settings(deadPort), logger, `broken-${suffix}`);
  const healthy = new MailService(settings(testServers().KM_TEST_SMTP_PORT!), logger, `healthy-${suffix}`);
  const connection = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  const brokenQueue = new Queue(mailQueueName(`broken-${suffix}`), { connection });
  await broken.onApplicationBootstrap();
  await healthy.onApplicationBootstrap();
  const held = `Held ${randomUUID()}`;
  const subjects = Array.from({ length: 8 }, () => `Account confirmation ${randomUUID()}`);
  try {
    await broken.send(`held:${held}`, { to: 'anna@example.com', subject: held, text: 'Waiting for SMTP.' });
    await Promise.all(subjects.map((subject) => healthy.send(`confirm:${subject}`, { to: 'simeon@example.com', subject, text: 'Confirm your address.' })));
    await eventually(async () => (await Promise.all(subjects.map(caught))).every((found) => found.length === 1), 10_000);
    // The broken service's queue holds its own mail only, and that mail has not gone out.
    assert.deepEqual(
      (await brokenQueue.getJobs(['waiting', 'delayed', 'active', 'failed', 'completed'])).map((j) => j.data.subject),
      [held],
    );
    assert.equal((await caught(held)).length, 0);
  } finally {
    await broken.onApplicationShutdown();
    await healthy.onApplicationShutdown();
    await brokenQueue.obliterate({ force: true });
    await brokenQueue.close();
    await connection.quit();
  }
});

test("mail queued in bulk waits behind mail queued one at a time: a welcome is taken before a payout run's backlog", async () => {
  const name = `priority-${randomUUID().slice(0, 8)}`;
  // Queued while no worker runs, as when a service restarts with a backlog; then one worker takes them one by one.
  const producer = new MailService({ ...settings(testServers().KM_TEST_SMTP_PORT!), worker: false }, logger, name);
  const tag = randomUUID().slice(0, 8);
  const backlog = Array.from({ length: 12 }, (_, i) => `Payout ${i} ${tag}`);
  const welcome = `Welcome ${tag}`;
  await producer.sendMany(backlog.map((subject) => ({ key: `payout:${subject}`, mail: { to: 'naomi@example.com', subject, text: 'Your payout.' } })));
  await producer.send(`welcome:${welcome}`, { to: 'boaz@example.com', subject: welcome, text: 'Welcome.' });
  const connection = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(mailQueueName(name), { connection });
  const order: string[] = [];
  const consumer = new MailService(settings(testServers().KM_TEST_SMTP_PORT!), logger, name);
  try {
    await consumer.onApplicationBootstrap();
    await eventually(async () => (await caught(welcome)).length === 1 && (await Promise.all(backlog.map(caught))).every((m) => m.length === 1), 15_000);
    const jobs = await queue.getJobs(['completed']);
    for (const job of jobs.sort((a, b) => (a.processedOn ?? 0) - (b.processedOn ?? 0))) order.push(job.data.subject);
    // The worker takes four at a time: the welcome is among the first four taken, whatever its place in the queue.
    assert.ok(order.indexOf(welcome) < 4, order.join(', '));
    assert.equal(order.length, 13);
  } finally {
    await consumer.onApplicationShutdown();
    await producer.onApplicationShutdown();
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
  }
});

test('a templated mail is queued as its envelope and parameters, rendered by the worker that sends it; a worker without its template sends nothing until one with it takes the job', async () => {
  const suffix = randomUUID().slice(0, 8);
  const service = `kit-templates-${suffix}`;
  const definition = {
    to: (p: { email: string; amount: string }) => p.email,
    subject: (p: { email: string; amount: string }) => `Your payout of $${p.amount} ${suffix}`,
    render: (p: { email: string; amount: string }) => ({
      to: p.email,
      subject: `Your payout of $${p.amount} ${suffix}`,
      text: `Your payout of $${p.amount} is on its way.`,
      html: `<p>Your payout of <b>$${p.amount}</b> is on its way.</p>`,
    }),
  };
  // A worker of an older release: it works the queue but knows no such template.
  const older = new MailService(settings(testServers().KM_TEST_SMTP_PORT!), logger, service);
  const producer = new MailService({ ...settings(testServers().KM_TEST_SMTP_PORT!), worker: false }, logger, service);
  const connection = new IORedis(testServers().KM_TEST_REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(mailQueueName(service), { connection });
  let current: MailService | undefined;
  try {
    await older.onApplicationBootstrap();
    await producer.template('payout', definition).sendMany([{ key: `payout:${suffix}`, params: { email: 'ruth@example.com', amount: '12.00' } }]);
    const job = await queue.getJob(`payout_${suffix}`);
    assert.deepEqual(job?.data, {
      to: 'ruth@example.com',
      subject: `Your payout of $12.00 ${suffix}`,
      template: 'payout',
      params: { email: 'ruth@example.com', amount: '12.00' },
    });
    await eventually(async () => ((await queue.getJob(`payout_${suffix}`))?.attemptsMade ?? 0) >= 1, 10_000);
    assert.equal((await caught(`Your payout of $12.00 ${suffix}`)).length, 0);
    await older.onApplicationShutdown();

    current = new MailService(settings(testServers().KM_TEST_SMTP_PORT!), logger, service);
    current.template('payout', definition);
    await current.onApplicationBootstrap();
    const [delivered] = await eventually(async () => {
      const found = await caught(`Your payout of $12.00 ${suffix}`);
      return found.length > 0 && found;
    }, 15_000);
    assert.equal(delivered.to[0].address, 'ruth@example.com');
    assert.equal(delivered.text.trim(), 'Your payout of $12.00 is on its way.');
    assert.throws(() => current!.template('payout', definition), /registered twice/);
  } finally {
    await current?.onApplicationShutdown();
    await older.onApplicationShutdown().catch(() => undefined);
    await producer.onApplicationShutdown();
    await queue.close();
    connection.disconnect();
  }
});
