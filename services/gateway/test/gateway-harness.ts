import { ObjectStorage } from '@km/nest-kit/storage';
import { createTestDatabase, startServiceProcess, testNatsUrl, testServers, type ServiceProcess, type TestDatabase } from '@km/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import request from 'supertest';
import { loadGatewayConfig } from '../src/config';
import { createGateway } from '../src/create-gateway';

export const ADMIN = { username: 'admin', password: 'integration-admin-pw' };

export interface Harness {
  baseUrl: string;
  identity: ServiceProcess;
  gateway: INestApplication;
  db: TestDatabase;
  /** Present when started with `catalog`. */
  catalog?: { service: ServiceProcess; db: TestDatabase };
  /** Present when started with `forms`. */
  forms?: { service: ServiceProcess; db: TestDatabase };
  /** Present when started with `media`. */
  media?: { service: ServiceProcess; db: TestDatabase };
  /** The test stack's bucket, for checking what uploads left behind. */
  storage: ObjectStorage;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** Gateway settings to override. */
  gateway?: Record<string, string>;
  /** Identity settings to override (e.g. SMTP_PORT: identity mails too, and its worker delivers any service's mail). */
  identity?: Record<string, string>;
  /** Also start the catalog service with a fresh database, mailing through the mail catcher (and these settings, e.g. SEED_DEMO). */
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
    S3_ACCESS_KEY: 'kingdom-dev-s3',
    S3_SECRET_KEY: 'kingdom-dev-s3',
    S3_BUCKET: 'kingdom-media',
  };
}

/**
 * A downstream service as its image runs it (its package's built entry, in a process of its own) with a fresh
 * database: the gateway's tests never import another service's code (ADR 0014).
 */
export async function startDownstream(name: string, env: Record<string, string> = {}): Promise<{ service: ServiceProcess; db: TestDatabase }> {
  const db = await createTestDatabase(name);
  try {
    const service = await startServiceProcess(name, require.resolve(`@km/${name}`), { DATABASE_URL: db.url, ...env });
    return { service, db };
  } catch (error) {
    await db.drop();
    throw error;
  }
}

/** Identity and the gateway (and catalog, when asked), started as in production, against the test stack's real servers. */
/**
 * A gateway on the test stack's bus, Redis and bucket (the harness's own, or another replica beside it), listening on
 * a free loopback port; `env` overrides its settings.
 */
export async function startGatewayReplica(env: Record<string, string> = {}): Promise<INestApplication> {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'km-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kingdom Marketplace</title><div id="root"></div>');
  const gateway = await createGateway(
    loadGatewayConfig({
      HTTP_PORT: '0',
      NATS_URL: testNatsUrl('gateway'),
      REDIS_URL: testServers().KM_TEST_REDIS_URL,
      PUBLIC_ORIGIN: 'http://localhost:3999',
      WEB_DIST_DIR: webDist,
      RPC_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'warn',
      ...testStorageEnv(),
      ...env,
    }),
  );
  // Listening for the Stripe emulator's webhooks and raw-socket tests; supertest drives the same server.
  await gateway.listen(0, '127.0.0.1');
  return gateway;
}

/** A TCP proxy in front of the test stack's Redis, so a test can cut a gateway off from it. */
export async function redisProxy() {
  const target = new URL(testServers().KM_TEST_REDIS_URL!);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Closes the port and drops every open connection: Redis is gone for the gateway. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const servers = testServers();
  const s3 = testStorageEnv();
  // Identity mails its own sign-in, confirmation and account notices (ADR 0026) through the test stack's catcher. The
  // seeded admin skips the second factor here, as in the dev stack (ADR 0029); other admins must enrol.
  const identity = await startDownstream('identity', {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'true',
    REDIS_URL: servers.KM_TEST_REDIS_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
    PUBLIC_ORIGIN: 'http://localhost:3999',
    ...options.identity,
  });
  // The catalog mails staff about low stock and visitors about products that are back (ADR 0050).
  const catalog = options.catalog
    ? await startDownstream('catalog', {
        ...s3,
        REDIS_URL: servers.KM_TEST_REDIS_URL!,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
        PUBLIC_ORIGIN: 'http://localhost:3999',
        ...options.catalog,
      })
    : undefined;
  const forms = options.forms
    ? await startDownstream('forms', {
        REDIS_URL: servers.KM_TEST_REDIS_URL,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
        PUBLIC_ORIGIN: 'http://localhost:3999',
        ...options.forms,
      })
    : undefined;
  const media = options.media
    ? await startDownstream('media', {
        REDIS_URL: servers.KM_TEST_REDIS_URL,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(servers.KM_TEST_SMTP_PORT),
        PUBLIC_ORIGIN: 'http://localhost:3999',
        ...s3,
        ...options.media,
      })
    : undefined;
  const gateway = await startGatewayReplica(options.gateway);
  const baseUrl = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    baseUrl,
    identity: identity.service,
    gateway,
    db: identity.db,
    catalog,
    forms,
    media,
    storage: gateway.get(ObjectStorage),
    async stop() {
      await gateway.close();
      await identity.service.stop();
      await catalog?.service.stop();
      await forms?.service.stop();
      await media?.service.stop();
      await identity.db.drop();
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

/**
 * A tiny HTTP client on supertest that keeps the session cookie like a browser would. It drives the Nest app's own
 * HTTP server (`request(app.getHttpServer())`) and sends bodies exactly as `fetch` would: JSON, a raw string, or
 * a FormData encoded as multipart/form-data.
 */
export class Client {
  /** A cookie jar by name (the session and, during a Marketshare signup, the signup cookie), sent as one header. */
  private readonly jar = new Map<string, string>();
  get cookie(): string | undefined {
    return this.jar.size ? [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  }
  set cookie(header: string | undefined) {
    this.jar.clear();
    for (const pair of header?.split(/;\s*/) ?? []) {
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  constructor(
    private readonly app: INestApplication,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A FormData body goes as multipart/form-data; anything else but a string as JSON. */
  async request<T = any>(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Reply<T>> {
    const json = body !== undefined && !(body instanceof FormData);
    const encoded = body === undefined ? undefined : await encodeBody(body);
    const headers: Record<string, string> = {
      ...(encoded?.type ? { 'content-type': encoded.type } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...this.headers,
      ...extraHeaders,
    };
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
    const agent = request(this.app.getHttpServer());
    let pending = agent[verb](url)
      .set(headers)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    // The bytes go as they are: superagent would serialize a Buffer again for a JSON content type.
    if (encoded) pending = pending.serialize((bytes) => bytes).send(encoded.bytes);
    const res = await pending;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers as Record<string, string | string[]>)) {
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    const setCookie = responseHeaders.get('set-cookie');
    for (const line of responseHeaders.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      if (at === pair.length - 1) this.jar.delete(pair.slice(0, at));
      else this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = (res.body as Buffer).toString('utf8');
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: responseHeaders, cookie: setCookie ?? undefined };
  }

  get = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('GET', url, undefined, headers);
  post = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', url, body, headers);
  put = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PUT', url, body, headers);
  patch = <T = any>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('PATCH', url, body, headers);
  delete = <T = any>(url: string, headers?: Record<string, string>) => this.request<T>('DELETE', url, undefined, headers);
}

/** The bytes and content type `fetch` would send for this body. */
async function encodeBody(body: unknown): Promise<{ bytes: Buffer; type?: string }> {
  if (body instanceof FormData || typeof body === 'string') {
    const encoded = new Response(body);
    return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? undefined };
  }
  return { bytes: Buffer.from(JSON.stringify(body)) };
}

let nextAddress = randomInt(1, 2 ** 24 - 10_000);
/** An address no other request of this run uses: drawn at random per run, since budgets live in Redis, which may outlive it. */
export const freshAddress = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A browser signed in as `username` on `app`. */
export async function signedIn(app: INestApplication, username: string, password: string): Promise<Client> {
  const client = new Client(app);
  const res = await client.post('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`sign-in as ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return client;
}
