import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StackSettings } from '../stack/config';
import type { InfraUrls } from '../stack/infra';
import { httpOk } from '../stack/processes';
import { APP_SERVICES } from '../stack/services';
import type { DockerEngine } from '../images/docker-engine';
import { imageName } from '../images/images';

/** What the deploy stage ran: per service, its image, port and the settings it was given (names and values). */
export interface RunContainer {
  service: string;
  image: string;
  container: string;
  port: number;
  env: Record<string, string>;
}

/** Settings of the local stack that name paths on this machine: inside a container the image's own paths apply. */
const HOST_ONLY = new Set(['WEB_DIST_DIR', 'MEDIA_CACHE_DIR', 'KM_STACK_DATA_DIR']);

/**
 * Starts the gateway and every service as containers of their images (ADR 0068), as compose runs them (read-only
 * root, /tmp in memory, every capability dropped, no new privileges, an init process) but on the host network, with
 * the settings the local stack gives the same services, so they reach its Postgres, Redis, NATS, S3, mail catcher and
 * Stripe emulator on loopback. Waits for each one's /ready.
 */
export async function startContainers(
  engine: DockerEngine,
  settings: StackSettings,
  urls: InfraUrls,
  workDir: string,
  /** Filled as they start, so the caller stops those that started even when a later one fails. */
  started: RunContainer[],
): Promise<void> {
  mkdirSync(workDir, { recursive: true });
  for (const service of APP_SERVICES) {
    const port = service.port(settings);
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      NATS_URL: urls.natsUrlAs(service.name),
      HTTP_PORT: String(port),
      HTTP_HOST: '127.0.0.1',
      ...service.env(settings, urls),
    };
    for (const name of HOST_ONLY) delete env[name];
    // the gateway's copies of stored media (ADR 0023), where compose mounts its volume
    if (service.name === 'gateway') env.MEDIA_CACHE_DIR = '/var/cache/km-media';
    const envFile = path.join(workDir, `${service.name}.env`);
    writeFileSync(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') + '\n',
      { mode: 0o600 },
    );
    const container = `km-deploy-${service.name}`;
    try {
      engine.run(['rm', '--force', container]);
    } catch {
      // none left from an earlier run
    }
    engine.run([
      'run',
      '--detach',
      `--name=${container}`,
      '--network=host',
      '--init',
      '--read-only',
      '--tmpfs=/tmp',
      ...(service.name === 'gateway' ? ['--tmpfs=/var/cache/km-media:uid=1000,gid=1000'] : []),
      '--cap-drop=ALL',
      '--security-opt=no-new-privileges:true',
      `--env-file=${envFile}`,
      imageName(service.name),
    ]);
    started.push({ service: service.name, image: imageName(service.name), container, port, env });
    const deadline = Date.now() + 90_000;
    while (!(await httpOk(`http://127.0.0.1:${port}/ready`).catch(() => false))) {
      const state = engine.run(['inspect', '--format', '{{.State.Status}}', container]);
      if (state !== 'running' || Date.now() > deadline) {
        const logs = engine.run(['logs', '--tail=40', container]);
        throw new Error(`the ${service.name} container did not become ready (${state}):\n${logs}`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export function stopContainers(engine: DockerEngine, containers: RunContainer[], logDir: string): void {
  for (const c of [...containers].reverse()) {
    try {
      writeFileSync(path.join(logDir, `${c.service}.log`), engine.run(['logs', c.container]));
      engine.run(['rm', '--force', c.container]);
    } catch {
      // already gone
    }
  }
}
