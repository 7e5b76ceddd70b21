import path from 'node:path';
import { ROOT, type StackSettings } from './config';
import type { InfraUrls } from './infra';
import { httpOk, ProcessGroup, waitFor } from './processes';

interface AppService {
  name: string;
  port: (s: StackSettings) => number;
  env: (s: StackSettings, urls: InfraUrls) => Record<string, string>;
}

/** Every domain service plus the gateway, in start order. New services add one entry here. */
export const APP_SERVICES: AppService[] = [
  {
    name: 'identity',
    port: (s) => s.ports.identity,
    env: (s, urls) => ({
      DATABASE_URL: urls.databaseUrl('identity'),
      ADMIN_USERNAME: s.adminUsername,
      ADMIN_PASSWORD: s.adminPassword,
    }),
  },
  {
    name: 'gateway',
    port: (s) => s.ports.gateway,
    env: (s, urls) => ({
      REDIS_URL: urls.redisUrl,
      PUBLIC_ORIGIN: `http://localhost:${s.ports.gateway}`,
      ALLOWED_ORIGINS: `http://127.0.0.1:${s.ports.gateway}`,
      WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
      // The browser suite signs in many times from one address.
      ...(s.profile === 'test' ? { RATE_LIMIT_PER_MINUTE: '5000' } : {}),
    }),
  },
];

export async function startServices(settings: StackSettings, urls: InfraUrls, group: ProcessGroup): Promise<void> {
  for (const service of APP_SERVICES) {
    const port = service.port(settings);
    const managed = group.start(service.name, process.execPath, [path.join(ROOT, 'services', service.name, 'dist', 'src', 'main.js')], {
      cwd: ROOT,
      env: {
        KM_STACK_DATA_DIR: settings.dataDir,
        NODE_ENV: settings.profile === 'test' ? 'test' : 'development',
        LOG_LEVEL: 'info',
        NATS_URL: urls.natsUrl,
        HTTP_PORT: String(port),
        HTTP_HOST: '127.0.0.1',
        ...service.env(settings, urls),
      },
    });
    await waitFor(service.name, () => httpOk(`http://127.0.0.1:${port}/ready`), 60_000, managed, group);
  }
}
