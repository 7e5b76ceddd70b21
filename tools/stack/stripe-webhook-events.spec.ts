import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STRIPE_EMULATOR } from './infra';

const ROOT = path.resolve(__dirname, '..', '..');
/** A quoted Stripe event type, e.g. 'payment_intent.succeeded' or 'charge.dispute.created'. */
const EVENT_TYPE = /'((?:payment_intent|charge|invoice|customer|checkout|setup_intent|payment_method|refund|account|transfer)\.[a-z_.]+)'/g;

/** Every Stripe event type a service's source names (its specs aside): the events it acts on. */
function eventTypesNamedBy(service: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        for (const [, type] of readFileSync(file, 'utf8').matchAll(EVENT_TYPE)) found.add(type);
    }
  };
  walk(path.join(ROOT, 'services', service, 'src'));
  return [...found].sort();
}

// The local stack subscribes each webhook endpoint to its service's events only; a type a service starts handling
// but the stack does not send would silently never arrive in development, e2e and the fault suite.
test.each([
  ['orders', STRIPE_EMULATOR.ordersWebhookEvents],
  ['membership', STRIPE_EMULATOR.membershipWebhookEvents],
] as const)("the stack's Stripe emulator sends the %s endpoint every event type the service handles, and no other", (service, enabled) => {
  assert.deepEqual([...enabled].sort(), eventTypesNamedBy(service));
});
