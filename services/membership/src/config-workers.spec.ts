import assert from 'node:assert/strict';
import { loadMembershipConfig } from './config';

const base = {
  HTTP_PORT: '3105',
  NATS_URL: 'nats://membership:Qm4tR8vX2p@127.0.0.1:4222',
  SMTP_ALLOW_PLAINTEXT: 'true',
  DATABASE_URL: 'postgres://localhost/membership',
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_dev_secret',
  REDIS_URL: 'redis://127.0.0.1:6393',
};

const workers = (env: Record<string, string>) => {
  const config = loadMembershipConfig({ ...base, ...env });
  return {
    payouts: config.payouts.worker,
    profitBonuses: config.profitBonuses.worker,
    joinCompletion: config.joinCompletion.worker,
    dunning: config.dunning.worker,
  };
};

test('every queue is worked by default, and each worker flag stops its own queue only', () => {
  const all = { payouts: true, profitBonuses: true, joinCompletion: true, dunning: true };
  assert.deepEqual(workers({}), all);
  assert.deepEqual(workers({ PAYOUT_WORKER: 'false' }), { ...all, payouts: false });
  assert.deepEqual(workers({ PROFIT_BONUS_WORKER: 'false' }), { ...all, profitBonuses: false });
  assert.deepEqual(workers({ JOIN_COMPLETION_WORKER: 'false' }), { ...all, joinCompletion: false });
  assert.deepEqual(workers({ DUNNING_WORKER: 'false' }), { ...all, dunning: false });
});

test('the grace period is 7 days and the reminder 2 days before its end unless configured (ADR 0059)', () => {
  assert.deepEqual(
    { graceMs: loadMembershipConfig(base).dunning.graceMs, reminderBeforeMs: loadMembershipConfig(base).dunning.reminderBeforeMs },
    { graceMs: 7 * 86_400_000, reminderBeforeMs: 2 * 86_400_000 },
  );
  assert.equal(loadMembershipConfig({ ...base, DUNNING_GRACE_MS: '3600000' }).dunning.graceMs, 3_600_000);
  assert.throws(() => loadMembershipConfig({ ...base, DUNNING_GRACE_MS: 'soon' }), /DUNNING_GRACE_MS/);
});

test('the queues use the jobs Redis setting', () => {
  assert.equal(loadMembershipConfig(base).jobs.redisUrl, 'redis://127.0.0.1:6393');
});

test('a worker flag that is not true or false stops the start, naming the flag', () => {
  assert.throws(() => loadMembershipConfig({ ...base, PROFIT_BONUS_WORKER: 'yes' }), /PROFIT_BONUS_WORKER/);
});
