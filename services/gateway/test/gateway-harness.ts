import { AppModule as CatalogModule } from '@km/catalog/dist/src/app.module';
import { loadCatalogConfig } from '@km/catalog/dist/src/config';
import { AppModule as FormsModule } from '@km/forms/dist/src/app.module';
import { loadFormsConfig } from '@km/forms/dist/src/config';
import { loadIdentityConfig } from '@km/identity/dist/src/config';
import { AppModule as IdentityModule } from '@km/identity/dist/src/app.module';
import { AppModule as MediaModule } from '@km/media/dist/src/app.module';
import { loadMediaConfig } from '@km/media/dist/src/config';
import { ObjectStorage } from '@km/nest-kit/storage';
import { createTestDatabase, startTestService, testNatsUrl, testServers, type TestDatabase } from '@km/nest-kit/testing';
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
  /** Present when started with `catalog`. */
  catalog?: { app: INestApplication; db: TestDatabase };
  /** Present when started with `forms`. */
  forms?: { app: INestApplication; db: TestDatabase };
  /** Present when started with `media`. */
  media?: { app: INestApplication; db: TestDatabase };
  /** The test stack's bucket, for checking what uploads left behind. */
  storage: ObjectStorage;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Gateway settings to override. */
  gateway?: Record<string, string>;
  /** Also start the catalog service with a fresh database (and these settings, e.g. SEED_DEMO). */
  catalog?: Record<string, string>;
  /** Also start the forms service with a fresh database, mailing through the test stack's mail catcher. */
  forms?: Record<string, string>;
  /** Also start the media service with a fresh database, storing in the test bucket and mailing through the mail catcher. */
  media?: Record<string, string>;
}

/** The test stack's S3 server as the S3_* settings every service reads. */
export function testStorageEnv(): Record<string, string> {
  const endpoint = testServers().KM_TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('KM_TEST_S3_ENDPOINT is not set: run integration tests through `npm test`');
  const url = new URL(endpoint);
  return {
    S3_ENDPOINT: url.hostname,
    S3_PORT: url.port,
    S3_USE_SSL: String(url.protocol === 'https:'),
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'kingdom-media',
  };
}

/** Identity and the gateway (and catalog, when asked), started as in production, against the test stack's real servers. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const servers = testServers();
  const s3 = testStorageEnv();
  const db = await createTestDatabase('identity');
  const identity = await startTestService(
    IdentityModule.forRoot(
      loadIdentityConfig({
        HTTP_PORT: '0',
        NATS_URL: testNatsUrl('identity'),
        DATABASE_URL: db.url,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      }),
    ),
    'identity',
    testNatsUrl('identity'),
  );
  let catalog: Harness['catalog'];
  if (options.catalog) {
    const catalogDb = await createTestDatabase('catalog');
    const app = await startTestService(
      CatalogModule.forRoot(
        loadCatalogConfig({ HTTP_PORT: '0', NATS_URL: testNatsUrl('catalog'), DATABASE_URL: catalogDb.url, LOG_LEVEL: 'warn', ...s3, ...options.catalog }),
      ),
      'catalog',
      testNatsUrl('catalog'),
    );
    catalog = { app, db: catalogDb };
  }
  let forms: Harness['forms'];
  if (options.forms) {
    const formsDb = await createTestDatabase('forms');
    const app = await startTestService(
      FormsModule.forRoot(
        loadFormsConfig({
          HTTP_PORT: '0',
          NATS_URL: testNatsUrl('forms'),
          DATABASE_URL: formsDb.url,
          REDIS_URL: servers.KM_TEST_REDIS_URL,
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
          PUBLIC_ORIGIN: 'http://localhost:3999',
          LOG_LEVEL: 'warn',
          ...options.forms,
        }),
      ),
      'forms',
      testNatsUrl('forms'),
    );
    forms = { app, db: formsDb };
  }
  let media: Harness['media'];
  if (options.media) {
    const mediaDb = await createTestDatabase('media');
    const app = await startTestService(
      MediaModule.forRoot(
        loadMediaConfig({
          HTTP_PORT: '0',
          NATS_URL: testNatsUrl('media'),
          DATABASE_URL: mediaDb.url,
          REDIS_URL: servers.KM_TEST_REDIS_URL,
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
          PUBLIC_ORIGIN: 'http://localhost:3999',
          LOG_LEVEL: 'warn',
          ...s3,
          ...options.media,
        }),
      ),
      'media',
      testNatsUrl('media'),
    );
    media = { app, db: mediaDb };
  }
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'km-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kingdom Marketplace</title><div id="root"></div>');
  const gateway = await createGateway(
    loadGatewayConfig({
      HTTP_PORT: '0',
      NATS_URL: testNatsUrl('gateway'),
      REDIS_URL: servers.KM_TEST_REDIS_URL,
      PUBLIC_ORIGIN: 'http://localhost:3999',
      WEB_DIST_DIR: webDist,
      RPC_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'warn',
      ...s3,
      ...options.gateway,
    }),
  );
  await gateway.listen(0, '127.0.0.1');
  const baseUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    baseUrl,
    identity,
    gateway,
    db,
    catalog,
    forms,
    media,
    storage: gateway.get(ObjectStorage),
    async stop() {
      await gateway.close();
      await identity.close().catch(() => undefined);
      await catalog?.app.close().catch(() => undefined);
      await forms?.app.close().catch(() => undefined);
      await media?.app.close().catch(() => undefined);
      await db.drop();
      await catalog?.db.drop();
      await forms?.db.drop();
      await media?.db.drop();
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
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A FormData body goes as multipart/form-data; anything else but a string as JSON. */
  async request<T = any>(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply<T>> {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extraHeaders,
      },
      body: body === undefined || body instanceof FormData || typeof body === 'string' ? body : JSON.stringify(body),
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
  put = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', url, body, headers);
  patch = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', url, body, headers);
  delete = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('DELETE', url, undefined, headers);
}
