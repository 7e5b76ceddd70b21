import { loadIdentityConfig } from '@km/identity/dist/src/config';
import { AppModule as IdentityModule } from '@km/identity/dist/src/app.module';
import { createTestDatabase, startTestService, testServers, type TestDatabase } from '@km/nest-kit/dist/src/testing';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGatewayConfig } from '../src/config';
import { createGateway } from '../src/create-gateway';

export const ADMIN = { username: 'admin', password: 'integration-admin-pw' };

export interface Harness {
  baseUrl: string;
  identity: INestApplication;
  gateway: INestApplication;
  db: TestDatabase;
  stop(): Promise<void>;
}

/** Identity and the gateway, started as in production, against the test stack's real servers. */
export async function startHarness(overrides: Record<string, string> = {}): Promise<Harness> {
  const servers = testServers();
  const db = await createTestDatabase('identity');
  const identity = await startTestService(
    IdentityModule.forRoot(
      loadIdentityConfig({ HTTP_PORT: '0', NATS_URL: servers.KM_TEST_NATS_URL, DATABASE_URL: db.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' }),
    ),
    'identity',
    servers.KM_TEST_NATS_URL,
  );
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'km-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kingdom Marketplace</title><div id="root"></div>');
  const gateway = await createGateway(
    loadGatewayConfig({
      HTTP_PORT: '0',
      NATS_URL: servers.KM_TEST_NATS_URL,
      REDIS_URL: servers.KM_TEST_REDIS_URL,
      PUBLIC_ORIGIN: 'http://localhost:3999',
      WEB_DIST_DIR: webDist,
      RPC_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'warn',
      ...overrides,
    }),
  );
  await gateway.listen(0, '127.0.0.1');
  const baseUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    baseUrl,
    identity,
    gateway,
    db,
    async stop() {
      await gateway.close();
      await identity.close().catch(() => undefined);
      await db.drop();
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
  cookie?: string;
}

/** A tiny HTTP client that keeps the session cookie like a browser would. */
export class Client {
  cookie?: string;
  constructor(private readonly baseUrl: string, private readonly headers: Record<string, string> = {}) {}

  async request<T = any>(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extraHeaders,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers, cookie: setCookie ?? undefined };
  }

  get = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('GET', url, undefined, headers);
  post = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', url, body, headers);
}
