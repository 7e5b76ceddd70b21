// CLI for the Stripe emulator (development and tests only; state in memory, kept in a journal file with --journal, ADR 0073):
//   tsx tools/stripe-emulator/main.ts --port 12111 --webhook-url http://127.0.0.1:3000/api/webhooks/stripe --webhook-secret whsec_…
// Every option can also come from the environment (STRIPE_EMULATOR_PORT, STRIPE_WEBHOOK_URLS, STRIPE_WEBHOOK_SECRET, …).
import { parseArgs } from 'node:util';
import { startStripeEmulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STRIPE_EMULATOR_PORT ?? '12111' },
    host: { type: 'string', default: process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1' },
    'webhook-url': { type: 'string', multiple: true, default: (process.env.STRIPE_WEBHOOK_URLS ?? '').split(',').filter(Boolean) },
    'webhook-secret': { type: 'string', default: process.env.STRIPE_WEBHOOK_SECRET },
    // URL=whsec_…: an endpoint with its own signing secret (repeatable), e.g. membership's beside orders'
    'webhook-endpoint': { type: 'string', multiple: true, default: [] },
    // URL=type,type…: the only event types that URL receives (repeatable), like a Dashboard endpoint's enabled_events
    'webhook-events': { type: 'string', multiple: true, default: [] },
    'api-version': { type: 'string', default: process.env.STRIPE_API_VERSION },
    // a file every change is written to before the answer and read back at start (ADR 0073); none: in memory only
    journal: { type: 'string', default: process.env.STRIPE_EMULATOR_JOURNAL },
    'retry-max-attempts': { type: 'string', default: process.env.STRIPE_WEBHOOK_MAX_ATTEMPTS },
    'retry-initial-delay-ms': { type: 'string', default: process.env.STRIPE_WEBHOOK_INITIAL_DELAY_MS },
    'retry-max-delay-ms': { type: 'string', default: process.env.STRIPE_WEBHOOK_MAX_DELAY_MS },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(
    'Usage: tsx tools/stripe-emulator/main.ts [--port 12111] [--host 127.0.0.1] [--webhook-url URL[,URL…]]… [--webhook-secret whsec_…] [--webhook-endpoint URL=whsec_…]…\n' +
      '       [--webhook-events URL=type,type…]… [--api-version 2026-10-28.endive] [--journal .data/stripe/journal.ndjson] [--retry-max-attempts 8] [--retry-initial-delay-ms 1000] [--retry-max-delay-ms 60000]',
  );
  process.exit(0);
}

const number = (name: string, v: string | undefined) => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${v}"`);
  return n;
};

async function main() {
  const webhookUrls = (values['webhook-url'] ?? [])
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const emulator = await startStripeEmulator({
    port: number('port', values.port),
    host: values.host,
    webhookUrls,
    webhookSecret: values['webhook-secret'],
    webhookEndpoints: (values['webhook-endpoint'] ?? []).map((v) => {
      const at = v.lastIndexOf('=');
      if (at < 0) throw new Error(`--webhook-endpoint takes URL=whsec_…, got "${v}"`);
      return { url: v.slice(0, at), secret: v.slice(at + 1) };
    }),
    webhookEvents: Object.fromEntries(
      (values['webhook-events'] ?? []).map((v) => {
        const at = v.lastIndexOf('=');
        if (at < 0) throw new Error(`--webhook-events takes URL=type,type…, got "${v}"`);
        return [
          v.slice(0, at),
          v
            .slice(at + 1)
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        ];
      }),
    ),
    apiVersion: values['api-version'],
    journal: values.journal || undefined,
    retry: Object.fromEntries(
      Object.entries({
        maxAttempts: number('retry-max-attempts', values['retry-max-attempts']),
        initialDelayMs: number('retry-initial-delay-ms', values['retry-initial-delay-ms']),
        maxDelayMs: number('retry-max-delay-ms', values['retry-max-delay-ms']),
      }).filter(([, v]) => v !== undefined),
    ),
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  console.log(
    `Stripe emulator (dev/test only, ${values.journal ? `kept in ${values.journal}` : 'in memory'}) listening on ${emulator.url}; Stripe.js at ${emulator.url}/v3/; webhooks → ${[...webhookUrls, ...(values['webhook-endpoint'] ?? []).map((v) => v.split('=')[0])].join(', ') || 'none'}`,
  );
  const stop = () => emulator.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(`Stripe emulator failed to start: ${(e as Error).message}`);
  process.exit(1);
});
