import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FaultStack } from '../faults/config';
import { ROOT, type StackSettings } from './config';
import { assertPortsFree, DATABASES, STRIPE_EMULATOR, startInfra } from './infra';
import type { ProcessGroup } from './processes';
import { APP_SERVICES, startServices } from './services';

/** The contract fuzzer sends thousands of requests from one address; the API limit is not what it tests. */
const GATEWAY_OVERRIDES = { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_FORMS_PER_HOUR: '1000000', RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000' };

/**
 * The fault suite's stack (issue 15): a fresh copy of the test stack on the test stack's ports (free once the suites
 * before it stopped theirs), every service supervised. Returns the environment the suite's Jest run gets.
 */
export async function startFaultStack(settings: StackSettings, group: ProcessGroup): Promise<NodeJS.ProcessEnv> {
  // Fresh servers: the counts the suite checks must not include the browser suite's orders and mail.
  for (const dir of ['postgres', 'nats', 's3', 'mail', 'appendonlydir']) rmSync(path.join(settings.dataDir, dir), { recursive: true, force: true });
  rmSync(faultNotePath(settings), { force: true });
  await assertPortsFree(settings.ports);
  const urls = await startInfra(settings, group);
  await startServices(settings, urls, group, { gateway: GATEWAY_OVERRIDES });
  const gateway = APP_SERVICES.find((s) => s.name === 'gateway')!;
  const stack: FaultStack = {
    gatewayUrl: `http://127.0.0.1:${settings.ports.gateway}`,
    pidFile: path.join(settings.dataDir, 'stack.pids'),
    logDir: path.join(settings.dataDir, 'logs'),
    notePath: faultNotePath(settings),
    servicePorts: Object.fromEntries(APP_SERVICES.map((s) => [s.name, s.port(settings)])),
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

const faultNotePath = (settings: StackSettings) => path.join(settings.dataDir, 'reports', 'faults-note.txt');

/** Prints what the fault suite noted per scenario (load, faults injected, counts checked). */
export function printFaultNote(settings: StackSettings): void {
  const file = faultNotePath(settings);
  if (existsSync(file)) console.log(`\n━━ fault suite note (${path.relative(ROOT, file)})\n${readFileSync(file, 'utf8').trimEnd()}`);
}
