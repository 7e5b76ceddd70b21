import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { JobQueue } from '../src/jobs/job-queue';
import { testServers } from '../src/testing/config';
import { eventually } from '../src/testing/start-app';

const redisUrl = () => testServers().KM_TEST_REDIS_URL!;

/** A logger that keeps what it was told, to check what a failed job logs. */
function recordingLogger() {
  const lines: { level: number; msg: string; jobId?: string; attempts?: number; err?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { logger, lines };
}

test('a worker works the jobs added to its queue, and a failed attempt is logged at the level asked', async () => {
  const { logger, lines } = recordingLogger();
  const jobs = new JobQueue<{ n: number }>(`jobs-test-${randomUUID()}`, redisUrl(), logger);
  const seen: number[] = [];
  try {
    jobs.work(
      async (job) => {
        if (job.data.n === 2 && job.attemptsMade === 0) throw new Error('first try fails');
        seen.push(job.data.n);
      },
      { failed: 'test job failed', failedLevel: 'error' },
    );
    await jobs.queue.add('one', { n: 1 });
    await jobs.queue.add('two', { n: 2 }, { jobId: 'two', attempts: 2 });
    await eventually(async () => seen.length === 2, 10_000);
    assert.deepEqual(seen.sort(), [1, 2]);
    const failed = lines.filter((l) => l.msg === 'test job failed');
    assert.deepEqual(
      failed.map((l) => [l.level, l.jobId, l.attempts, l.err]),
      [[50, 'two', 1, 'first try fails']],
    );
  } finally {
    await jobs.close();
  }
});

test('scheduling the same id twice, as every replica does at every start, leaves one schedule with the last pattern', async () => {
  const { logger } = recordingLogger();
  const name = `jobs-test-${randomUUID()}`;
  const first = new JobQueue<object>(name, redisUrl(), logger);
  const second = new JobQueue<object>(name, redisUrl(), logger);
  try {
    await first.schedule('monthly', { pattern: '0 6 15 * *', tz: 'America/New_York' }, 'scheduled-run', { removeOnComplete: 100 });
    await second.schedule('monthly', { pattern: '0 7 15 * *', tz: 'America/New_York' }, 'scheduled-run', { removeOnComplete: 100 });
    const schedulers = await first.queue.getJobSchedulers();
    assert.deepEqual(
      schedulers.map((s) => [s.key, s.pattern, s.tz, s.name]),
      [['monthly', '0 7 15 * *', 'America/New_York', 'scheduled-run']],
    );
    await first.queue.removeJobScheduler('monthly');
  } finally {
    await first.close();
    await second.close();
  }
});

test('close waits for the job in hand, then ends both connections', async () => {
  const { logger } = recordingLogger();
  const jobs = new JobQueue<object>(`jobs-test-${randomUUID()}`, redisUrl(), logger);
  let finished = false;
  let started = false;
  jobs.work(
    async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 300));
      finished = true;
    },
    { failed: 'test job failed' },
  );
  await jobs.queue.add('slow', {});
  await eventually(async () => started, 10_000);
  await jobs.close();
  assert.equal(finished, true, 'the job in hand finished before the worker closed');
  const internals = jobs as unknown as { connection: { status: string }; workerConnection: { status: string } };
  // QUIT is answered before the socket closes: the status turns 'end' a moment after close resolves.
  await eventually(async () => [internals.connection.status, internals.workerConnection.status].every((s) => s === 'end'), 2000);
});
