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
  return { payouts: config.payouts.worker, profitBonuses: config.profitBonuses.worker, joinCompletion: config.joinCompletion.worker };
};

test('every queue is worked by default, and each worker flag stops its own queue only', () => {
  assert.deepEqual(workers({}), { payouts: true, profitBonuses: true, joinCompletion: true });
  assert.deepEqual(workers({ PAYOUT_WORKER: 'false' }), { payouts: false, profitBonuses: true, joinCompletion: true });
  assert.deepEqual(workers({ PROFIT_BONUS_WORKER: 'false' }), { payouts: true, profitBonuses: false, joinCompletion: true });
  assert.deepEqual(workers({ JOIN_COMPLETION_WORKER: 'false' }), { payouts: true, profitBonuses: true, joinCompletion: false });
});

test('the queues use the jobs Redis setting', () => {
  assert.equal(loadMembershipConfig(base).jobs.redisUrl, 'redis://127.0.0.1:6393');
});

test('a worker flag that is not true or false stops the start, naming the flag', () => {
  assert.throws(() => loadMembershipConfig({ ...base, PROFIT_BONUS_WORKER: 'yes' }), /PROFIT_BONUS_WORKER/);
});
