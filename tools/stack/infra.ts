import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loopbackNatsCluster } from '@km/nest-kit/testing';
import { DATABASES, SERVICES } from '@km/registry';
import { Client } from 'pg';
import { CEPH_OSD_PORTS, startCeph } from './ceph';
import { ROOT, type Ports, type StackSettings } from './config';
import { BUS_USERS, renderNatsAuthorization, TEST_INSPECTOR_USER } from './nats-permissions';
import { httpOk, portInUse, ProcessGroup, tcpOpen, waitFor } from './processes';
import { postgresBinDir } from './system-packages';

export { DATABASES };
export const S3_BUCKET = 'kingdom-media';

/** The Stripe emulator's fixed test credentials (development and tests only). */
export const STRIPE_EMULATOR = {
  secretKey: 'sk_test_local',
  publishableKey: 'pk_test_local',
  webhookSecret: 'whsec_local_dev_secret',
  /** Membership's own endpoint and secret (Stripe allows several endpoints, each signed with its own). */
  membershipWebhookSecret: 'whsec_local_membership_secret',
  /** The event types orders acts on; it answers anything else "ignored" (stripe-webhook-events.spec.ts keeps this whole). */
  ordersWebhookEvents: [
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
    'charge.refunded',
    'refund.created',
    'refund.updated',
  ],
  /** The event types membership acts on (same spec). */
  membershipWebhookEvents: [
    'account.updated',
    'charge.refunded',
    'charge.dispute.created',
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'invoice.paid',
    'invoice.payment_failed',
    'transfer.reversed',
  ],
} as const;

export interface InfraUrls {
  pgAdminUrl: string;
  databaseUrl: (db: string) => string;
  redisUrl: string;
  /** NATS without credentials: refused by the server (authorization is always on). */
  natsUrl: string;
  /** NATS as one bus user (a service, or the test stack's inspector), password included. */
  natsUrlAs: (user: string) => string;
  s3Endpoint: string;
  smtpPort: number;
  mailWebUrl: string;
  stripeApi: string;
}

/**
 * The fault stack's NATS cluster (ADR 0075): three servers on loopback, the first on the stack's NATS ports. Member i's
 * client port is `nats + i`, its monitoring port `natsMonitor + i` and its route port `nats + 3 + i` (4253 to 4258 with no
 * offset, the fault stack being 20 ports up: the ports after its own NATS, which no stack at another offset of ten uses). Only the test profile's
 * fault stack runs a cluster (dev's NATS + 1 is the test stack's).
 */
export const natsClusterPorts = (ports: Ports) => ({
  client: [0, 1, 2].map((i) => ports.nats + i),
  monitor: [0, 1, 2].map((i) => ports.natsMonitor + i),
  cluster: [0, 1, 2].map((i) => ports.nats + 3 + i),
});

/** `natsPorts`: the NATS servers' client ports, one (the stack's) or a cluster's: NATS_URL lists them all, comma-separated. */
export const infraUrls = (ports: Ports, natsPasswords: Record<string, string>, natsPorts: number[] = [ports.nats]): InfraUrls => ({
  pgAdminUrl: `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`,
  databaseUrl: (db) => `postgres://postgres@127.0.0.1:${ports.postgres}/${db}`,
  redisUrl: `redis://127.0.0.1:${ports.redis}`,
  natsUrl: natsPorts.map((port) => `nats://127.0.0.1:${port}`).join(','),
  natsUrlAs: (user) => {
    if (!natsPasswords[user]) throw new Error(`the stack has no NATS user ${user}`);
    return natsPorts.map((port) => `nats://${user}:${natsPasswords[user]}@127.0.0.1:${port}`).join(',');
  },
  s3Endpoint: `http://127.0.0.1:${ports.s3}`,
  smtpPort: ports.smtp,
  mailWebUrl: `http://localhost:${ports.mailWeb}`,
  stripeApi: `http://127.0.0.1:${ports.stripe}`,
});

const PORT_NAMES: Record<keyof Ports, string> = {
  ...(Object.fromEntries(SERVICES.map((s) => [s.name, `the ${s.name} service`])) as Record<(typeof SERVICES)[number]['name'], string>),
  gateway: 'the gateway (PORT)',
  stripe: 'the Stripe emulator',
  postgres: 'Postgres',
  redis: 'Redis',
  nats: 'NATS',
  natsMonitor: 'NATS monitoring',
  s3: 'the S3 server (Ceph radosgw)',
  cephMon: 'the Ceph monitor',
  cephOsd: `the Ceph OSD (and the ${CEPH_OSD_PORTS - 1} ports after it)`,
  smtp: 'the mail catcher (SMTP)',
  mailWeb: 'the mail catcher (web)',
};

/** Fails with a clear message naming every fixed port that is already taken. */
export async function assertPortsFree(ports: Ports): Promise<void> {
  const taken: string[] = [];
  for (const [key, port] of Object.entries(ports) as [keyof Ports, number][]) {
    const count = key === 'cephOsd' ? CEPH_OSD_PORTS : 1;
    for (let p = port; p < port + count; p++) if (await portInUse(p)) taken.push(`  - ${p} (${PORT_NAMES[key]})`);
  }
  if (taken.length) {
    throw new Error(
      `These ports are already in use:\n${taken.join('\n')}\nIs another stack already running? Stop it (Ctrl-C in its terminal), or find the owner with: ss -ltnp 'sport = :<port>'`,
    );
  }
}

/** How often the Stripe emulator redelivers a webhook an endpoint refused (its `--retry-*` options). */
export interface WebhookRetry {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/**
 * Starts Postgres, Redis, NATS (JetStream), the S3 server (Ceph) and the mail catcher on loopback, all at once. `webhookRetry`: the
 * emulator's redelivery schedule (default: Stripe's own back-off, 1 s doubling). `natsCluster`: three NATS servers
 * clustered (`nats-0` to `nats-2`, ports from {@link natsClusterPorts}) instead of one (`nats`), as production runs (ADR 0070, 0075).
 */
export async function startInfra(
  settings: StackSettings,
  group: ProcessGroup,
  options: { webhookRetry?: WebhookRetry; natsCluster?: boolean } = {},
): Promise<InfraUrls> {
  const started = Date.now();
  const { ports, dataDir } = settings;
  const env = { KM_STACK_DATA_DIR: dataDir };
  mkdirSync(dataDir, { recursive: true });
  const natsDir = path.join(dataDir, 'nats');
  mkdirSync(natsDir, { recursive: true });
  const natsConfig = writeNatsConfig(natsDir, settings.profile === 'test');
  const cluster = natsClusterPorts(ports);
  const urls = infraUrls(ports, natsConfig.passwords, options.natsCluster ? cluster.client : [ports.nats]);
  // Ceph's S3 gateway (ADR 0064), the slowest to start: its cluster is built or started first, while the others start.
  const s3 = startCeph(ports, dataDir, S3_BUCKET, group, env);

  // Postgres refuses to run as root: run it as the postgres user, owning its folder.
  const bin = postgresBinDir()!;
  const pgDir = path.join(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (cmd: string, args: string[]) =>
    (asRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    mkdirSync(pgDir, { recursive: true });
    if (asRoot) chownTree(pgDir, 'postgres');
    const [cmd, args] = asPostgres(`${bin}/initdb`, ['-D', pgDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions']);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }
  const [pgCmd, pgArgs] = asPostgres(`${bin}/postgres`, [
    '-D',
    pgDir,
    '-p',
    String(ports.postgres),
    '-c',
    'listen_addresses=127.0.0.1',
    '-k',
    pgDir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'max_connections=200',
    // Per-statement counts and times for the benches' profiles (bench/checkout.ts); loaded, it costs next to nothing.
    '-c',
    'shared_preload_libraries=pg_stat_statements',
  ]);
  const pg = group.start('postgres', pgCmd, pgArgs, { env, stopSignal: 'SIGINT' });

  const redis = group.start(
    'redis',
    'redis-server',
    // Append-only file, as deployed (k8s/base/infra/redis): queued mail and jobs outlive a Redis restart.
    ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dataDir],
    // Restarted if it dies, as its StatefulSet would (the fault suite stops it on purpose).
    { env, supervise: true },
  );

  // Restarted if it dies, as its StatefulSet would; JetStream's streams and durable consumers are on disk (natsDir).
  const natsServers = options.natsCluster
    ? loopbackNatsCluster(natsDir, cluster.client, cluster.cluster, (i) => ['-c', natsConfig.file, '-m', String(cluster.monitor[i])]).map((member, i) => ({
        managed: group.start(member.name, 'nats-server', member.args, { env, supervise: true }),
        // a member is ready once the cluster has a JetStream meta leader and its own copies are current
        health: `http://127.0.0.1:${cluster.monitor[i]}/healthz`,
      }))
    : [
        {
          managed: group.start(
            'nats',
            'nats-server',
            ['-c', natsConfig.file, '-a', '127.0.0.1', '-p', String(ports.nats), '-m', String(ports.natsMonitor), '-js', '-sd', natsDir],
            { env, supervise: true },
          ),
          health: `http://127.0.0.1:${ports.natsMonitor}/healthz?js-enabled-only=true`,
        },
      ];

  // MailDev, which also refuses bounce+… and tempfail+… addresses as a receiving server would (ADR 0072); node with
  // tsx's loader, like the emulator below, so the pid the stack keeps is the server's.
  const maildev = group.start(
    'mail',
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'tools', 'mail', 'catcher.ts'),
      '--smtp',
      String(ports.smtp),
      '--ip',
      '127.0.0.1',
      '--web',
      String(ports.mailWeb),
      '--web-ip',
      '127.0.0.1',
      '--mail-directory',
      path.join(dataDir, 'mail'),
    ],
    { env },
  );

  // Stripe's stand-in: REST API, Stripe.js and signed webhooks to the gateway (ADR 0007).
  // Node itself with tsx's loader, not the tsx launcher (a parent process): its pid is the server's, so a kill -9 of
  // that pid (the fault suite's) stops the server and leaves no orphan holding the port.
  const stripe = group.start(
    'stripe',
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'tools', 'stripe-emulator', 'main.ts'),
      '--port',
      String(ports.stripe),
      // Its objects and idempotency keys outlive a restart, even a kill -9, as Stripe's do (ADR 0073).
      '--journal',
      path.join(dataDir, 'stripe', 'journal.ndjson'),
      '--webhook-url',
      `http://127.0.0.1:${ports.gateway}/api/webhooks/stripe`,
      '--webhook-secret',
      STRIPE_EMULATOR.webhookSecret,
      '--webhook-endpoint',
      `http://127.0.0.1:${ports.gateway}/api/webhooks/stripe/membership=${STRIPE_EMULATOR.membershipWebhookSecret}`,
      // Each endpoint subscribes to the events its service acts on, as its Dashboard endpoint does in production: every
      // other event (payment_intent.created at each checkout, charge.*) would cost a delivery that is answered "ignored".
      '--webhook-events',
      `http://127.0.0.1:${ports.gateway}/api/webhooks/stripe=${STRIPE_EMULATOR.ordersWebhookEvents.join(',')}`,
      '--webhook-events',
      `http://127.0.0.1:${ports.gateway}/api/webhooks/stripe/membership=${STRIPE_EMULATOR.membershipWebhookEvents.join(',')}`,
      ...(options.webhookRetry
        ? [
            '--retry-max-attempts',
            String(options.webhookRetry.maxAttempts),
            '--retry-initial-delay-ms',
            String(options.webhookRetry.initialDelayMs),
            '--retry-max-delay-ms',
            String(options.webhookRetry.maxDelayMs),
          ]
        : []),
    ],
    // Restarted if it dies (the fault suite kills it mid-run): it reads its journal back.
    { env, cwd: ROOT, supervise: true },
  );

  // Each server's time to ready is printed: Ceph starts beside the others, so what it adds is its excess over the slowest.
  const readyAfter: [string, number][] = [];
  const timed = (name: string, ready: Promise<unknown>) => ready.then(() => void readyAfter.push([name, Date.now() - started]));
  await Promise.all([
    timed(
      'Postgres',
      waitFor('Postgres', () => pgReady(urls.pgAdminUrl), 30_000, pg, group),
    ),
    timed(
      'Redis',
      waitFor('Redis', () => tcpOpen(ports.redis), 10_000, redis, group),
    ),
    timed(
      natsServers.length > 1 ? `NATS (${natsServers.length} servers)` : 'NATS',
      Promise.all(natsServers.map(({ managed, health }) => waitFor(managed.name, () => httpOk(health), 30_000, managed, group))),
    ),
    timed('S3 (Ceph)', s3),
    timed(
      'mail catcher',
      waitFor('mail catcher', () => tcpOpen(ports.mailWeb), 20_000, maildev, group),
    ),
    timed(
      'Stripe emulator',
      waitFor('Stripe emulator', () => httpOk(`http://127.0.0.1:${ports.stripe}/_emulator/health`), 20_000, stripe, group),
    ),
  ]);
  await createDatabases(urls.pgAdminUrl);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`Servers ready in ${seconds(Date.now() - started)} s (${readyAfter.map(([name, ms]) => `${name} ${seconds(ms)} s`).join(', ')})`);
  return urls;
}

/**
 * nats-server's users and permissions (tools/stack/nats-permissions.ts) with random passwords kept in the stack's
 * data folder, so a restarted dev stack keeps them; the test stack also gets an all-access inspector user.
 */
function writeNatsConfig(natsDir: string, withInspector: boolean): { file: string; passwords: Record<string, string> } {
  const passwordsFile = path.join(natsDir, 'passwords.json');
  const users = [...BUS_USERS, ...(withInspector ? [TEST_INSPECTOR_USER] : [])];
  const kept: Record<string, string> = existsSync(passwordsFile) ? JSON.parse(readFileSync(passwordsFile, 'utf8')) : {};
  const passwords = Object.fromEntries(users.map((user) => [user, kept[user] ?? randomBytes(18).toString('hex')]));
  writeFileSync(passwordsFile, JSON.stringify(passwords, null, 2), { mode: 0o600 });
  const file = path.join(natsDir, 'nats.conf');
  const literal = Object.fromEntries(users.map((user) => [user, { literal: passwords[user] }]));
  writeFileSync(file, renderNatsAuthorization(literal, { inspector: withInspector }), { mode: 0o600 });
  return { file, passwords };
}

async function pgReady(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabases(adminUrl: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
    const existing = new Set(rows.map((r) => r.datname));
    for (const db of DATABASES) if (!existing.has(db)) await client.query(`CREATE DATABASE ${db}`);
  } finally {
    await client.end();
  }
}

function chownTree(dir: string, user: string) {
  const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) chownTree(p, user);
    else chownSync(p, uid, gid);
  }
}
