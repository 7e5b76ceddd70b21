import assert from 'node:assert/strict';
import { AppError } from '@km/nest-kit';
import { PasswordGate } from './password-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

test('the password gate runs at most `concurrency` jobs at once and queues the rest in order', async () => {
  const gate = new PasswordGate(2, 10);
  const blockers = [deferred(), deferred(), deferred()];
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  const jobs = blockers.map((b, i) =>
    gate.run(async () => {
      running++;
      peak = Math.max(peak, running);
      await b.promise;
      order.push(i);
      running--;
    }),
  );
  await new Promise((r) => setImmediate(r));
  assert.equal(running, 2);
  blockers.forEach((b) => b.resolve());
  await Promise.all(jobs);
  assert.equal(peak, 2);
  assert.deepEqual(order, [0, 1, 2]);
});

test('the password gate answers unavailable with a message once the queue is full, and takes work again when it drains', async () => {
  const gate = new PasswordGate(1, 1);
  const block = deferred();
  const first = gate.run(() => block.promise);
  const queued = gate.run(async () => 'queued');
  await assert.rejects(
    gate.run(async () => 'refused'),
    (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'unavailable');
      assert.equal(error.message, 'We are handling many sign-ins and registrations right now. Please try again in a few seconds.');
      return true;
    },
  );
  block.resolve();
  await first;
  assert.equal(await queued, 'queued');
  assert.equal(await gate.run(async () => 'after'), 'after');
});
