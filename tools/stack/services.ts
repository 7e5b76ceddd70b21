import { SERVICES, type Need } from '@km/registry';
import path from 'node:path';
import { S3_DEV_CREDENTIALS } from './ceph';
import { ROOT, type StackSettings } from './config';
import { S3_BUCKET, STRIPE_EMULATOR, type InfraUrls } from './infra';
import { httpOk, ProcessGroup, waitFor } from './processes';

export interface AppService {
  name: string;
  port: (s: StackSettings) => number;
  env: (s: StackSettings, urls: InfraUrls) => Record<string, string>;
}

/** The stack's S3 server (Ceph's radosgw, ADR 0064) as the S3_* settings of the deployment files. */
function s3Env(urls: InfraUrls): Record<string, string> {
  const endpoint = new URL(urls.s3Endpoint);
  return {
    S3_ENDPOINT: endpoint.hostname,
    S3_PORT: endpoint.port,
    S3_USE_SSL: 'false',
    S3_ACCESS_KEY: S3_DEV_CREDENTIALS.accessKey,
    S3_SECRET_KEY: S3_DEV_CREDENTIALS.secretKey,
    S3_BUCKET,
  };
}

/** The environment each need brings (libs/registry's `needs`), so a service declares what it uses rather than its settings. */
const NEED_ENV: Record<Need, (s: StackSettings, urls: InfraUrls) => Record<string, string>> = {
  storage: (_s, urls) => s3Env(urls),
  mail: (_s, urls) => ({ REDIS_URL: urls.redisUrl, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(urls.smtpPort) }),
  redis: (_s, urls) => ({ REDIS_URL: urls.redisUrl }),
  // The Stripe emulator started with the infra (ADR 0007).
  stripe: (_s, urls) => ({
    STRIPE_SECRET_KEY: STRIPE_EMULATOR.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_EMULATOR.webhookSecret,
    STRIPE_API_HOST: new URL(urls.stripeApi).hostname,
    STRIPE_API_PORT: new URL(urls.stripeApi).port,
    STRIPE_API_PROTOCOL: 'http',
  }),
  // Links in emails (unsubscribe, manuscript downloads) point at this stack's gateway.
  publicOrigin: (s) => ({ PUBLIC_ORIGIN: `http://localhost:${s.ports.gateway}` }),
};

/** Settings truly specific to one service, on top of what its needs bring. */
const EXTRA_ENV: Record<string, (s: StackSettings, urls: InfraUrls) => Record<string, string>> = {
  // The seeded admin signs in without a second factor here (development and tests; production refuses the flag) so
  // `npm start` and the suites need no authenticator app; any other admin must enrol TOTP.
  // The seeded admin has an address at the mail catcher, so a newsletter's test copy (ADR 0057) can reach them.
  identity: (s) => ({
    ADMIN_USERNAME: s.adminUsername,
    ADMIN_PASSWORD: s.adminPassword,
    ADMIN_EMAIL: 'admin@kingdom.example',
    ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'true',
  }),
  // Both profiles start with demo products and services (the browser tests use them); only an empty catalog is seeded.
  catalog: () => ({ SEED_DEMO: 'true' }),
  // Both profiles start with a few short demo episodes (the browser tests play them); only an empty podcast is seeded.
  media: () => ({ SEED_DEMO: 'true' }),
  // The browser suite waits for a requester's prayer digest (ADR 0042): every 5 seconds there, 08:00 daily otherwise.
  forms: (s): Record<string, string> => (s.profile === 'test' ? { PRAYER_DIGEST_SCHEDULE: '*/5 * * * * *' } : {}),
  // Membership verifies its own Stripe endpoint's signatures, not orders'.
  membership: () => ({ STRIPE_WEBHOOK_SECRET: STRIPE_EMULATOR.membershipWebhookSecret }),
  gateway: (s, urls) => ({
    ALLOWED_ORIGINS: `http://127.0.0.1:${s.ports.gateway}`,
    WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
    // Its copies of stored media (ADR 0023) go with the stack's other data.
    MEDIA_CACHE_DIR: path.join(s.dataDir, 'media-copies'),
    STRIPE_PUBLISHABLE_KEY: STRIPE_EMULATOR.publishableKey,
    STRIPE_JS_URL: `${urls.stripeApi}/v3/`,
    // The browser suite signs in many times from one address, and its bad-input sweep sends malformed requests to every
    // documented route (125 of them now) as a visitor and as an admin within a minute.
    ...(s.profile === 'test' ? { RATE_LIMIT_PER_MINUTE: '20000' } : {}),
    // The browser suite and the checkout benchmark check out many times from one address.
    ...(s.profile === 'test' ? { RATE_LIMIT_CHECKOUT_PER_MINUTE: '5000' } : {}),
    // The browser suite posts many forms from one address.
    ...(s.profile === 'test' ? { RATE_LIMIT_FORMS_PER_HOUR: '10000' } : {}),
    // … manuscripts among them (the fault suite proves the budget at its default, tools/stack/faults.ts).
    ...(s.profile === 'test' ? { RATE_LIMIT_MANUSCRIPTS_PER_HOUR: '1000' } : {}),
    // … and taps "I prayed" and flags prayer wall cards after its bad-input sweep has tried those routes with junk from
    // that address (each try spends the budget, as a real flood's would).
    ...(s.profile === 'test' ? { RATE_LIMIT_PRAYED_PER_MINUTE: '1000', RATE_LIMIT_PRAYER_FLAGS_PER_HOUR: '1000' } : {}),
    // The browser suite registers users and tries wrong passwords from one address.
    ...(s.profile === 'test' ? { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' } : {}),
  }),
};

/** Every service of libs/registry in its start order, with the environment derived from its database and needs. */
export const APP_SERVICES: AppService[] = SERVICES.map((service) => ({
  name: service.name,
  port: (s) => s.ports[service.name],
  env: (s, urls) => ({
    ...(service.database ? { DATABASE_URL: urls.databaseUrl(service.database) } : {}),
    ...Object.assign({}, ...service.needs.map((need) => NEED_ENV[need](s, urls))),
    ...(EXTRA_ENV[service.name]?.(s, urls) ?? {}),
  }),
}));

/** The whole environment a service's process gets in a stack; `overrides` on top of its own settings. */
export function serviceEnv(service: AppService, settings: StackSettings, urls: InfraUrls, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    KM_STACK_DATA_DIR: settings.dataDir,
    NODE_ENV: settings.profile === 'test' ? 'test' : 'development',
    LOG_LEVEL: 'info',
    NATS_URL: urls.natsUrlAs(service.name),
    HTTP_PORT: String(service.port(settings)),
    HTTP_HOST: '127.0.0.1',
    ...service.env(settings, urls),
    ...overrides,
  };
}

/**
 * Starts every service at once and waits until each answers /ready, as Kubernetes starts their pods: each service
 * waits for what it needs itself (the events stream is created by whichever comes first), so no order is needed and the
 * slowest start, not the sum of all, is what the stack waits for (ADR 0074). `overrides`: settings on top of a
 * service's own (the fault suite lifts the gateway's per-address API limit).
 */
export async function startServices(
  settings: StackSettings,
  urls: InfraUrls,
  group: ProcessGroup,
  overrides: Record<string, Record<string, string>> = {},
): Promise<void> {
  const started = Date.now();
  const readyAfter: string[] = [];
  await Promise.all(
    APP_SERVICES.map((service) => {
      const port = service.port(settings);
      const managed = group.start(service.name, process.execPath, [serviceEntry(service.name)], {
        cwd: ROOT,
        env: serviceEnv(service, settings, urls, overrides[service.name]),
        // A service that dies is started again, as Kubernetes would (the fault suite kills them on purpose).
        supervise: true,
      });
      return waitFor(service.name, () => httpOk(`http://127.0.0.1:${port}/ready`), 90_000, managed, group).then(() =>
        readyAfter.push(`${service.name} ${((Date.now() - started) / 1000).toFixed(1)} s`),
      );
    }),
  );
  console.log(`Services ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${readyAfter.join(', ')})`);
}

/** A service's built entry point (what `node` runs). */
export const serviceEntry = (name: string): string => path.join(ROOT, 'services', name, 'dist', 'src', 'main.js');
