import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FaultStack } from '../faults/config';
import type { StackSettings } from './config';
import { assertPortsFree, STRIPE_EMULATOR, startInfra } from './infra';
import type { ProcessGroup } from './processes';
import { APP_SERVICES, startServices } from './services';

/**
 * The fault suite's stack (issue 15): a fresh copy of the test stack on the test stack's ports (free once the suites
 * before it stopped theirs), every service supervised. Returns the environment the suite's Jest run gets.
 */
export async function startFaultStack(settings: StackSettings, group: ProcessGroup): Promise<NodeJS.ProcessEnv> {
  // Fresh servers: the counts the suite checks must not include the browser suite's orders and mail.
  for (const dir of ['postgres', 'nats', 's3', 'mail']) rmSync(path.join(settings.dataDir, dir), { recursive: true, force: true });
  await assertPortsFree(settings.ports);
  const urls = await startInfra(settings, group);
  await startServices(settings, urls, group);
  const gateway = APP_SERVICES.find((s) => s.name === 'gateway')!;
  const stack: FaultStack = {
    gatewayUrl: `http://127.0.0.1:${settings.ports.gateway}`,
    pidFile: path.join(settings.dataDir, 'stack.pids'),
    logDir: path.join(settings.dataDir, 'logs'),
    servicePorts: Object.fromEntries(APP_SERVICES.map((s) => [s.name, s.port(settings)])),
    admin: { username: settings.adminUsername, password: settings.adminPassword },
    stripeApi: urls.stripeApi,
    stripeSecretKey: STRIPE_EMULATOR.secretKey,
    gatewayEnv: { ...gateway.env(settings, urls), NATS_URL: urls.natsUrlAs('gateway'), HTTP_PORT: String(settings.ports.gateway), LOG_LEVEL: 'warn' },
  };
  return { KM_FAULT_STACK: JSON.stringify(stack) };
}
