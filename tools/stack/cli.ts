import { spawn, spawnSync } from 'node:child_process';
import { imagesCommand } from '../images/images';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build';
import { ROOT, stackSettings } from './config';
import { assertPortsFree, infraUrls, startInfra } from './infra';
import { cpuSeconds, ProcessGroup, recordedPids, tcpOpen } from './processes';
import { startServices } from './services';
import { ensureSystemPackages } from './system-packages';
import { runTests } from './test-run';

async function start() {
  // From the bootstrap's clock when it ran (npm start): the shared libraries' build counts, the npm install does not.
  const started = Number(process.env.KM_START_CLOCK) || Date.now();
  const settings = stackSettings('dev');
  ensureSystemPackages(['postgresql', 'redis', 'nats', 'ceph', 'ffmpeg']);
  await assertPortsFree(settings.ports);
  const group = new ProcessGroup(path.join(settings.dataDir, 'logs'), path.join(settings.dataDir, 'stack.pids'));
  onStop(async () => {
    console.log('\nStopping Kingdom Marketplace…');
    await group.stopAll();
    console.log('Stopped everything this command started.');
  });
  // The build and the servers at once: neither needs the other, and Ceph's start is the longest wait (ADR 0074).
  const phases: string[] = [];
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const from = Date.now();
    const result = await work();
    phases.push(`${phase} ${seconds(Date.now() - from)} s`);
    return result;
  };
  const [urls] = await Promise.all([timed('servers', () => startInfra(settings, group)), timed('build', buildAll)]);
  await timed('services', () => startServices(settings, urls, group));
  console.log(`
Kingdom Marketplace is running:  http://localhost:${settings.ports.gateway}

  Admin login      ${settings.adminUsername} / ${settings.adminPassword}
  Mail catcher     ${urls.mailWebUrl}
  API docs         http://localhost:${settings.ports.gateway}/api/docs
  Logs             ${path.relative(process.cwd(), path.join(settings.dataDir, 'logs'))}/
  Ready in         ${seconds(Date.now() - started)} s (${[...bootPhases(), ...phases].join(', ')}; CPU ${cpuSeconds(group).toFixed(1)} s)

Press Ctrl-C to stop.`);
  await new Promise(() => undefined);
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The bootstrap's own phases (tools/bootstrap.mjs), passed on as `name=ms,…`. */
const bootPhases = () =>
  (process.env.KM_START_PHASES ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => entry.split('='))
    .map(([phase, ms]) => `${phase} ${seconds(Number(ms))} s`);

function reset() {
  const settings = stackSettings('dev');
  if (recordedPids(path.join(settings.dataDir, 'stack.pids'), settings.dataDir).length > 0) {
    throw new Error('The stack is still running. Stop it first (Ctrl-C in the terminal running npm start), then run npm run reset.');
  }
  rmSync(settings.dataDir, { recursive: true, force: true });
  console.log(`Removed ${path.relative(process.cwd(), settings.dataDir)}: the next npm start begins with empty databases and the seeded admin.`);
}

/**
 * `npm run admin:password`: the identity service's rotation command against the dev stack's database (the stack
 * must be running). The new password comes from NEW_ADMIN_PASSWORD or stdin, as in compose and k8s.
 */
async function adminPassword(): Promise<number> {
  const settings = stackSettings('dev');
  if (!(await tcpOpen(settings.ports.postgres))) {
    throw new Error(
      `The dev stack's Postgres is not answering on port ${settings.ports.postgres}: start the stack with npm start (same KM_PORT_OFFSET), then run npm run admin:password again.`,
    );
  }
  const nx = path.join(ROOT, 'node_modules', '.bin', 'nx');
  const build = spawnSync(nx, ['run', '@km/identity:build', '--outputStyle=static'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
  });
  const entry = path.join(ROOT, 'services', 'identity', 'dist', 'src', 'admin-password.js');
  if (build.status !== 0 || !existsSync(entry)) throw new Error('Building the identity service failed; run npx nx run @km/identity:build to see why.');
  // Arguments pass through (--reset-totp); the password itself never comes by argv.
  const child = spawn(process.execPath, [entry, ...process.argv.slice(3)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: infraUrls(settings.ports, {}).databaseUrl('identity'), ADMIN_USERNAME: settings.adminUsername },
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

let stopping = false;
function onStop(stop: () => Promise<void>) {
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function main() {
  const command = process.argv[2] ?? 'start';
  switch (command) {
    case 'start':
      return start();
    case 'reset':
      return reset();
    case 'test':
      process.exitCode = await runTests(process.argv.slice(3), onStop);
      return;
    case 'images':
      process.exitCode = await imagesCommand();
      return;
    case 'admin-password':
      process.exitCode = await adminPassword();
      return;
    default:
      throw new Error(`unknown command "${command}" (use start, test, reset, images or admin-password)`);
  }
}

main().catch((error: Error) => {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
});
