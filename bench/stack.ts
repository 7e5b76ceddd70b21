// The benchmarks' own stack: the same Postgres, Redis, NATS, S3, mail catcher, Stripe emulator and services as
// `npm start`, on ports shifted by KM_PORT_OFFSET (so a benchmark never takes the ports of `npm start` or `npm test`),
// with a fresh data directory that is removed again when the benchmark stops.
import path from 'node:path';
import { rmSync } from 'node:fs';
import { buildAll } from '../tools/stack/build';
import { stackSettings, type StackSettings } from '../tools/stack/config';
import { assertPortsFree, startInfra, type InfraUrls } from '../tools/stack/infra';
import { killLeftovers, ProcessGroup } from '../tools/stack/processes';
import { startServices } from '../tools/stack/services';
import { ensureSystemPackages } from '../tools/stack/system-packages';

export interface BenchStack {
  settings: StackSettings;
  urls: InfraUrls;
  /** http://127.0.0.1:<gateway port> */
  base: string;
  /** The file listing the stack's processes (the gateway's pid, for its RSS). */
  pidFile: string;
  stop(): Promise<void>;
}

/**
 * Builds what is not built, starts a whole stack and every service of the registry, and answers when the gateway is
 * ready. `profile` picks the stack's settings (test: no demo catalog; dev: the demo catalog); `overrides`: settings on top of a
 * service's own.
 */
export async function startBenchStack(
  profile: Parameters<typeof stackSettings>[0] = 'test',
  overrides: Parameters<typeof startServices>[3] = {},
): Promise<BenchStack> {
  const settings = stackSettings(profile);
  if (!process.env.KM_PORT_OFFSET) throw new Error('Set KM_PORT_OFFSET (e.g. 820) so the benchmark does not take the ports of `npm start` or `npm test`.');
  ensureSystemPackages(['postgresql', 'redis', 'nats', 'ceph', 'ffmpeg']);
  const pidFile = path.join(settings.dataDir, 'stack.pids');
  killLeftovers(pidFile, settings.dataDir);
  rmSync(settings.dataDir, { recursive: true, force: true });
  await assertPortsFree(settings.ports);
  const group = new ProcessGroup(path.join(settings.dataDir, 'logs'), pidFile);
  const stop = async () => {
    await group.stopAll();
    rmSync(settings.dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stop().finally(() => process.exit(130)));
  buildAll();
  try {
    console.log(`━━ starting a stack on ports shifted by ${process.env.KM_PORT_OFFSET} (gateway :${settings.ports.gateway})`);
    const urls = await startInfra(settings, group);
    await startServices(settings, urls, group, overrides);
    return { settings, urls, base: `http://127.0.0.1:${settings.ports.gateway}`, pidFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
