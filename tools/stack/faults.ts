import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SERVICES, type Need } from '@km/registry';
import type { FaultStack } from '../faults/config';
import { ROOT, type StackSettings } from './config';
import { assertPortsFree, DATABASES, natsClusterPorts, STRIPE_EMULATOR, startInfra } from './infra';
import { TEST_INSPECTOR_USER } from './nats-permissions';
import { portInUse, tcpOpen, waitFor, type ProcessGroup } from './processes';
import { APP_SERVICES, serviceEntry, serviceEnv, startServices } from './services';

/** The contract fuzzer sends thousands of requests from one address; the API limit is not what it tests. */
const GATEWAY_OVERRIDES = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_FORMS_PER_HOUR: '1000000',
  RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
  // security-edge proves the manuscript budget at its default (the browser suite's stack raises it)
  RATE_LIMIT_MANUSCRIPTS_PER_HOUR: '5',
};

/**
 * The emulator's webhook redelivery in the fault stack: 0.1 s doubling to 1 s, not Stripe's 1 s doubling to minutes, so
 * a scenario that keeps orders down waits about a second for the next delivery once orders is back, not up to 32 s.
 * 130 attempts keep the window Stripe's default 8 attempts give (0.1+0.2+0.4+0.8 s, then 1 s each: ≈ 2 minutes), so a
 * delivery still outlasts every outage the suite causes.
 */
const FAULT_WEBHOOK_RETRY = { maxAttempts: 130, initialDelayMs: 100, maxDelayMs: 1000 };

/**
 * An event a killed process had taken (JetStream delivered it, no ack came) is delivered again after this: 5 s here
 * instead of the services' 30 s, which was most of the webhooks scenario (its confirmation emails came 30 s after
 * orders' second kill). Shorter also means more redeliveries for the consumers' dedupe to absorb.
 */
const EVENT_ACK_WAIT = { EVENT_ACK_WAIT_MS: '5000' };

/**
 * Mail a killed service's worker had taken goes to another worker once its lock lapses and a stalled check finds it:
 * 5 s here instead of BullMQ's 30 s (one confirmation email of the webhooks scenario came 57 s after orders' kill).
 */
const MAIL_LOCK = { MAIL_LOCK_MS: '5000' };

/**
 * The bus as production runs it (ADR 0070, 0075): three NATS servers clustered on loopback, the EVENTS stream and its
 * consumers in 3 copies, so a scenario can lose a server and lose no event.
 */
const NATS_CLUSTER = { NATS_STREAM_REPLICAS: '3' };

/**
 * A second replica's HTTP port (ADR 0075): its service's port + 600 (4520 to 4526 with no offset, the fault stack being
 * 20 ports up). No stack at an offset of ten up to 200 uses those: the services take 3900–4129, the NATS clusters 4253–4458. No Fetch "bad port" is
 * among them either (4045 is one), so a client may reach them with fetch.
 */
const replicaPort = (settings: StackSettings, name: string) => settings.ports[name as keyof StackSettings['ports']] + 600;

/**
 * The fault suite's stack: a fresh copy of the test stack, on ports of its own so that it runs beside the test stack
 * (ADR 0078), every service supervised, its NATS a 3-server cluster. Returns the environment the suite's Jest run gets.
 */
export async function startFaultStack(settings: StackSettings, group: ProcessGroup): Promise<NodeJS.ProcessEnv> {
  // Fresh servers: the counts the suite checks must not include an earlier run's orders and mail (its folder is its own).
  for (const dir of ['postgres', 'nats', 'ceph', 'mail', 'appendonlydir']) rmSync(path.join(settings.dataDir, dir), { recursive: true, force: true });
  rmSync(faultNotePath(settings), { force: true });
  mkdirSync(path.dirname(faultNotePath(settings)), { recursive: true });
  await assertPortsFree(settings.ports);
  const cluster = natsClusterPorts(settings.ports);
  const replicaPorts = Object.fromEntries(APP_SERVICES.map((s) => [s.name, replicaPort(settings, s.name)]));
  for (const port of [...cluster.client.slice(1), ...cluster.monitor.slice(1), ...cluster.cluster, ...Object.values(replicaPorts)])
    if (await portInUse(port)) throw new Error(`Port ${port} (the fault stack's NATS cluster or a second replica) is already in use.`);
  const urls = await startInfra(settings, group, { webhookRetry: FAULT_WEBHOOK_RETRY, natsCluster: true });
  // Orders reaches Postgres through a TCP proxy of our own, which the suite tells to cut connections mid-stream.
  const pgProxyPort = faultProxyPort(settings);
  if (await portInUse(pgProxyPort)) throw new Error(`Port ${pgProxyPort} (the fault suite's Postgres proxy) is already in use.`);
  // Node itself with tsx's loader (not tsx's CLI, a parent process): the recorded pid is the proxy that gets SIGUSR1.
  const proxy = group.start(
    'pg-proxy',
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'tcp-proxy.ts'), String(pgProxyPort), String(settings.ports.postgres)],
    {
      cwd: ROOT,
      env: { KM_STACK_DATA_DIR: settings.dataDir },
    },
  );
  await waitFor('the Postgres proxy', () => tcpOpen(pgProxyPort), 20_000, proxy, group);
  const orders = { DATABASE_URL: `postgres://postgres@127.0.0.1:${pgProxyPort}/orders` };
  const everyService = Object.fromEntries(
    SERVICES.map((s) => [s.name, { ...EVENT_ACK_WAIT, ...NATS_CLUSTER, ...((s.needs as readonly Need[]).includes('mail') ? MAIL_LOCK : {}) }]),
  );
  const overrides: Record<string, Record<string, string>> = {
    ...everyService,
    gateway: { ...everyService.gateway, ...GATEWAY_OVERRIDES },
    orders: { ...everyService.orders, ...orders },
  };
  await startServices(settings, urls, group, overrides);
  const gateway = APP_SERVICES.find((s) => s.name === 'gateway')!;
  const stack: FaultStack = {
    gatewayUrl: `http://127.0.0.1:${settings.ports.gateway}`,
    pidFile: path.join(settings.dataDir, 'stack.pids'),
    logDir: path.join(settings.dataDir, 'logs'),
    notePath: faultNotePath(settings),
    servicePorts: Object.fromEntries(APP_SERVICES.map((s) => [s.name, s.port(settings)])),
    replicas: Object.fromEntries(
      APP_SERVICES.map((s) => [
        s.name,
        {
          entry: serviceEntry(s.name),
          port: replicaPorts[s.name],
          env: { ...serviceEnv(s, settings, urls, overrides[s.name]), HTTP_PORT: String(replicaPorts[s.name]) },
        },
      ]),
    ),
    natsServers: cluster.client.map((_port, i) => `nats-${i}`),
    natsInspectorUrl: urls.natsUrlAs(TEST_INSPECTOR_USER),
    admin: { username: settings.adminUsername, password: settings.adminPassword },
    stripeApi: urls.stripeApi,
    stripeSecretKey: STRIPE_EMULATOR.secretKey,
    pgAdminUrl: urls.pgAdminUrl,
    databases: [...DATABASES],
    mailApiUrl: urls.mailWebUrl,
    redisPort: settings.ports.redis,
    gatewayEnv: {
      ...gateway.env(settings, urls),
      ...GATEWAY_OVERRIDES,
      NATS_URL: urls.natsUrlAs('gateway'),
      HTTP_PORT: String(settings.ports.gateway),
      LOG_LEVEL: 'warn',
    },
  };
  return { KM_FAULT_STACK: JSON.stringify(stack) };
}

/** Postgres's port + 10 (5473 with no offset, the fault stack being 20 ports up): no port of any stack. */
const faultProxyPort = (settings: StackSettings) => settings.ports.postgres + 10;

const faultNotePath = (settings: StackSettings) => path.join(settings.dataDir, 'reports', 'faults-note.txt');

/** Prints what the fault suite noted per scenario (load, faults injected, counts checked). */
export function printFaultNote(settings: StackSettings): void {
  const file = faultNotePath(settings);
  if (existsSync(file)) console.log(`\n━━ fault suite note (${path.relative(ROOT, file)})\n${readFileSync(file, 'utf8').trimEnd()}`);
}
