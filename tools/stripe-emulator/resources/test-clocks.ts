// Test clocks (https://docs.stripe.com/billing/testing/test-clocks): POST/GET /v1/test_helpers/test_clocks,
// GET/DELETE …/:id, POST …/:id/advance. Customers created with test_clock=… live on the clock's time.
import type Stripe from 'stripe';
import { allowOnly, int, invalid, missing, newId, now, nstr, type Params } from '../params';
import { assertOnlyExpand, get, route } from '../routing';
import type { Ctx, Deleted, StripeState } from '../store';
import { cycle, isLive } from './subscriptions';

/** "Now" for a customer: its test clock's frozen time, or the real time. */
export function clockNow(s: StripeState, customer: Stripe.Customer): number {
  const clock = customer.test_clock ? s.entry('test_helpers.test_clock', String(customer.test_clock))?.object : undefined;
  return clock ? clock.frozen_time : now();
}

export function addInterval(start: number, interval: string, count: number) {
  const d = new Date(start * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

export function createTestClock(s: StripeState, p: Params, ctx: Ctx): Stripe.TestHelpers.TestClock {
  allowOnly(p, ['frozen_time', 'name']);
  const frozen = int(p.frozen_time, 'frozen_time');
  if (frozen === undefined) throw missing('frozen_time');
  const clock = s.put(
    'test_helpers.test_clock',
    {
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: now(),
      deletes_after: now() + 30 * 86400,
      frozen_time: frozen,
      livemode: false,
      name: nstr(p.name, 'name') ?? null,
      status: 'ready',
      status_details: {},
    },
    {},
  );
  s.emit('test_helpers.test_clock.created', 'test_helpers.test_clock', clock, ctx);
  return clock;
}

export function deleteTestClock(s: StripeState, id: string, ctx: Ctx): Deleted {
  const clock = s.find('test_helpers.test_clock', id, 'test_clock', 404);
  s.markDeleted('test_helpers.test_clock', id);
  for (const c of s.all('customer')) if (c.test_clock === id) s.markDeleted('customer', c.id);
  s.emit('test_helpers.test_clock.deleted', 'test_helpers.test_clock', clock, ctx);
  return { id, object: 'test_helpers.test_clock', deleted: true };
}

/**
 * Moves the clock and everything on it: renewals (a new invoice charged to the default card; a decline makes
 * the subscription past_due), cancellations at period end, incomplete subscriptions expiring after 23 hours.
 * Like Stripe, the clock answers `advancing` at once and becomes `ready` (event test_clock.ready) when done.
 */
export function advanceTestClock(s: StripeState, id: string, p: Params, ctx: Ctx): Stripe.TestHelpers.TestClock {
  allowOnly(p, ['frozen_time']);
  const clock = s.find('test_helpers.test_clock', id, 'test_clock', 404);
  const target = int(p.frozen_time, 'frozen_time');
  if (target === undefined) throw missing('frozen_time');
  if (clock.status !== 'ready')
    throw invalid('The test clock is already advancing. Wait until it is ready before advancing again.', undefined, 'test_clock_advancing');
  if (target <= clock.frozen_time) throw invalid('The frozen_time must be after the test clock’s current frozen_time.', 'frozen_time');
  const subs = s.all('subscription').filter((r) => s.entry('customer', String(r.customer))?.object.test_clock === id && isLive(r));
  for (const sub of subs) {
    const { interval, interval_count } = sub.items.data[0].price.recurring!;
    if (addInterval(addInterval(clock.frozen_time, interval, interval_count), interval, interval_count) < target)
      throw invalid(`Cannot advance the test clock more than two intervals of the shortest subscription on it (${interval_count} ${interval}).`, 'frozen_time');
  }
  clock.status = 'advancing';
  clock.status_details = { advancing: { target_frozen_time: target } };
  setImmediate(() => {
    if (s.get('test_helpers.test_clock', id) !== clock) return; // reset in between
    const from = clock.frozen_time;
    // Step from one period end to the next, so each renewal happens at its own moment of the clock.
    for (;;) {
      const due = subs
        .filter(isLive)
        .map((sub) => ({ sub, at: sub.status === 'incomplete' ? sub.created + 23 * 3600 : sub.items.data[0].current_period_end }))
        .filter((d) => d.at > from - 1 && d.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock.frozen_time = due.at;
      cycle(s, due.sub, { version: s.apiVersion, mode: 'secret', requestId: newId('req', 14) });
    }
    clock.frozen_time = target;
    clock.status = 'ready';
    clock.status_details = {};
    s.emit('test_helpers.test_clock.ready', 'test_helpers.test_clock', clock, ctx);
  });
  return clock;
}

export const routes = [
  route('POST', '/v1/test_helpers/test_clocks', (s, p, c) => createTestClock(s, p, c)),
  route(
    'GET',
    '/v1/test_helpers/test_clocks',
    (s, p) => (allowOnly(p, ['limit', 'starting_after']), s.list('test_helpers.test_clock', p, '/v1/test_helpers/test_clocks')),
  ),
  route(
    'GET',
    '/v1/test_helpers/test_clocks/:id',
    get((s, id) => s.find('test_helpers.test_clock', id, 'test_clock', 404)),
  ),
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', (s, p, c, id) => advanceTestClock(s, id, p, c)),
  route('DELETE', '/v1/test_helpers/test_clocks/:id', (s, p, c, id) => (assertOnlyExpand(p), deleteTestClock(s, id, c))),
];
