import type { DynamicModule, INestApplication } from '@nestjs/common';
import { bootstrapService } from '../service/bootstrap-service';

/**
 * Starts a service exactly as `main.ts` does, against the test stack's real servers,
 * on a free port. Close it with `app.close()`.
 */
export async function startTestService(module: DynamicModule, name: string, natsUrl: string): Promise<INestApplication> {
  return bootstrapService(module, { name, natsUrl, httpPort: 0, httpHost: '127.0.0.1', logLevel: 'warn' });
}

export async function httpUrlOf(app: INestApplication): Promise<string> {
  const url = await app.getUrl();
  return url.replace('[::1]', '127.0.0.1');
}

/** Polls until `probe` resolves truthy or the deadline passes. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
