import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Client } from 'pg';
import { concrete, gatewayRoutes } from './gateway-routes';
import { note, signedInAdmin, stack, type Session } from './stack';

/**
 * Against the real stack: the gateway decides every check on one normalised path (ADR
 * 0027), so no spelling of an `/api` address reaches a handler while skipping the Origin check; `/feeds/*` and
 * anonymous manuscript uploads have budgets of their own.
 */

const FOREIGN = 'https://evil.example';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with its path sent byte for byte: fetch (WHATWG URL) would resolve `..`, turn `\` into `/` and so on
 * before sending, which is exactly what this suite must not let a client do for it. `from` picks the loopback address
 * the request leaves from, so a budget test has an address of its own (the gateway trusts no proxy here).
 * A body always goes with its Content-Length: Node's client sends a DELETE's body without one, so the server reads
 * the request as bodiless and the body as the start of the next request on the kept-alive connection (which the
 * gateway then refuses as unreadable and closes: the sweep's next request failed with EPIPE).
 */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, from?: string): Promise<RawAnswer> {
  const gateway = new URL(stack.gatewayUrl);
  const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: gateway.hostname, port: gateway.port, method, path, headers: sent, localAddress: from, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 20 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback address no other test uses (Linux routes all of 127.0.0.0/8 to lo). */
const freshLoopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Odd spellings of one `/api/...` path: each either means the same address once normalised, or cannot be normalised.
 * Mixed-case hex, every escape form of "api", duplicate and dot segments, encoded slashes and backslashes, overlong
 * and invalid escapes, NUL.
 */
function oddSpellings(path: string): string[] {
  const rest = path.slice('/api'.length); // "/auth/logout"
  const segments = rest.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const spellings = [
    `/%61pi${rest}`,
    `/%41pi${rest}`,
    `/a%70i${rest}`,
    `/ap%69${rest}`,
    `/%61%70%69${rest}`,
    `/%61%50%49${rest}`,
    `/API${rest}`,
    `/Api${rest}`,
    `//api${rest}`,
    `///api${rest}`,
    `/api/${rest}`,
    `/api/.${rest}`,
    `/./api${rest}`,
    `/x/../api${rest}`,
    `/x/y/../../api${rest}`,
    `/x/%2e%2e/api${rest}`,
    `/x/%2E%2E/api${rest}`,
    `/x/.%2e/api${rest}`,
    `/%2Fapi${rest}`,
    `/%2fapi${rest}`,
    `/api%2F${rest.slice(1).replace(/\//g, '%2F')}`,
    `/api%2f${rest.slice(1).replace(/\//g, '%2f')}`,
    `/api\\${rest.slice(1)}`,
    `/api%5C${rest.slice(1)}`,
    `/api%5c${rest.slice(1)}`,
    `/%C1%A1pi${rest}`,
    `/%E0%81%A1pi${rest}`,
    `/x/%C0%AE%C0%AE/api${rest}`,
    `/%zzpi${rest}`,
    `/%6pi${rest}`,
    `/api%00${rest}`,
    `/api${rest}%00`,
    `/api${rest}%`,
    `/api/${hex(first[0] ?? 'a')}${first.slice(1)}${rest.slice(1 + first.length)}`,
    `/api/${hex(first[0] ?? 'a').toUpperCase()}${first.slice(1)}${rest.slice(1 + first.length)}`,
    `/%61pi/.${rest}`,
    `//%61pi//${rest.slice(1).replace(/\//g, '//')}`,
  ];
  return [...new Set(spellings)];
}

let admin: Session;

beforeAll(async () => {
  admin = await signedInAdmin();
});

/** Every stored table's row count in every service's database (bookkeeping tables aside: relays write them on their own). */
async function rowCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const database of stack.databases) {
    const url = new URL(stack.pgAdminUrl);
    url.pathname = `/${database}`;
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    try {
      // Not counted: bookkeeping a background consumer writes on its own, e.g. `handled_events` for an earlier test's
      // event handled late on a busy machine (seen: media and forms, one row each, every spelling refused).
      const { rows: tables } = await db.query<{ t: string }>(
        `SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = 'public' AND tablename !~ '(outbox|processed|handled_events|dedup|migration|session|typeorm)'`,
      );
      if (tables.length === 0) continue;
      const { rows } = await db.query<{ t: string; n: string }>(tables.map(({ t }) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(' UNION ALL '));
      for (const r of rows) counts.set(`${database}.${r.t}`, Number(r.n));
    } finally {
      await db.end();
    }
  }
  return counts;
}

/**
 * Whether an answer is the gateway refusing a request before any handler: the Origin check's 403, or the 400 of a path
 * that cannot be normalised (ADR 0027). Any other 400 (a body's validation, an unreadable request) is not proof that
 * the spelling itself was refused.
 */
function refusedByACheck(res: RawAnswer): boolean {
  if (!/^application\/json/.test(String(res.headers['content-type']))) return false;
  let body: { code?: string; message?: string };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return false;
  }
  if (res.status === 403) return body.code === 'forbidden' && (body.message ?? '').startsWith(`Request refused: it came from another site (${FOREIGN}).`);
  return res.status === 400 && body.code === 'invalid' && /^That address is not valid: /.test(body.message ?? '');
}

describe('one normalised path for every check (finding 4)', () => {
  test('POST /%61pi/auth/logout from a foreign Origin is refused 403 and the session it carried still works', async () => {
    const res = await raw('POST', '/%61pi/auth/logout', { origin: FOREIGN, cookie: admin.cookieHeader });
    assert.equal(res.status, 403);
    assert.equal(JSON.parse(res.body).code, 'forbidden');
    assert.equal((await admin.get('/api/auth/me')).status, 200, 'the session was not revoked');
  });

  test('≥ 200 encoded or odd spellings of every state-changing /api route from a foreign Origin: each answers 403 or 400, none reaches a handler', async () => {
    const routes = gatewayRoutes().filter((r) => UNSAFE.has(r.method) && r.path.startsWith('/api/'));
    assert.ok(routes.length >= 20, `only ${routes.length} state-changing /api routes found`);
    const before = await rowCounts();
    const wrong: string[] = [];
    const seen = new Map<number, number>();
    let sent = 0;
    for (const route of routes) {
      for (const spelling of oddSpellings(concrete(route.path))) {
        const res = await raw(route.method, spelling, { origin: FOREIGN, cookie: admin.cookieHeader, 'content-type': 'application/json' }, '{}');
        sent++;
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        if (!refusedByACheck(res)) wrong.push(`${route.method} ${spelling}: ${res.status} ${res.body.slice(0, 160)}`);
      }
    }
    const after = await rowCounts();
    const written = [...after].filter(([table, n]) => n !== before.get(table)).map(([table, n]) => `${table}: ${before.get(table)} → ${n}`);
    note(
      'security edge',
      `${sent} odd spellings of ${routes.length} state-changing /api routes from ${FOREIGN}: ${[...seen].map(([s, n]) => `${s}×${n}`).join(' ')}; rows changed: ${written.length}`,
    );
    assert.ok(sent >= 200, `only ${sent} spellings sent`);
    assert.deepEqual(wrong, []);
    assert.deepEqual(written, [], 'no refused request wrote a row');
    assert.equal((await admin.get('/api/auth/me')).status, 200, 'no spelling of logout revoked the session');
  });

  test('GET /%61pi/auth/me is the same address as /api/auth/me, answered with Cache-Control: no-store', async () => {
    const res = await raw('GET', '/%61pi/auth/me', { cookie: admin.cookieHeader });
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(JSON.parse(res.body).user.username, stack.admin.username);
  });

  test('an address that cannot be normalised is refused 400 with a message naming what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['/api/auth%2Flogout', /encoded slash/],
      ['/api%5Cauth/logout', /encoded slash or backslash/],
      ['/api\\auth/logout', /backslash/],
      ['/%zzpi/auth/logout', /malformed %-escape/],
      ['/api/auth/logout%', /malformed %-escape/],
      ['/%C0%AE%C0%AE/api/auth/logout', /not UTF-8/],
      ['/api/auth/logout%00', /NUL or another control character/],
      ['/../api/auth/logout', /a "\.\." segment/],
      ['/api/%2e%2e/%2e%2e/api/auth/logout', /a "\.\." segment/],
    ];
    const wrong: string[] = [];
    for (const [path, message] of cases) {
      const res = await raw('POST', path, { origin: new URL(stack.gatewayUrl).origin, cookie: admin.cookieHeader });
      const body = (() => {
        try {
          return JSON.parse(res.body) as { statusCode: number; code: string; message: string };
        } catch {
          return undefined;
        }
      })();
      if (res.status !== 400 || body?.code !== 'invalid' || !message.test(body.message)) wrong.push(`${path}: ${res.status} ${res.body.slice(0, 160)}`);
    }
    assert.deepEqual(wrong, []);
    assert.equal((await admin.get('/api/auth/me')).status, 200);
  });

  test('bytes left in front of the next request (a body sent without its length) are refused 400 with Connection: close, and the connection closed', async () => {
    const gateway = new URL(stack.gatewayUrl);
    const socket = net.connect(Number(gateway.port), gateway.hostname);
    const host = `Host: ${gateway.host}\r\nOrigin: ${FOREIGN}\r\nCookie: ${admin.cookieHeader}\r\n`;
    // What Node's client writes for a DELETE with a body (no Content-Length, so "{}" opens the next request), then a
    // logout; in one write, so the gateway has read every byte when it closes (no reset racing its answer).
    socket.write(
      `DELETE /api/products/fault-matrix HTTP/1.1\r\n${host}Content-Type: application/json\r\n\r\n{}` +
        `POST /api/auth/logout HTTP/1.1\r\n${host}Content-Length: 0\r\n\r\n`,
    );
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    await new Promise<void>((resolve, reject) => {
      socket.setTimeout(20_000, () => reject(new Error('the gateway kept the connection open')));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    const answers = Buffer.concat(chunks)
      .toString()
      .split(/(?=HTTP\/1\.1 )/);
    const unreadable = answers.find((a) => a.startsWith('HTTP/1.1 400 '));
    assert.ok(unreadable, `no 400 among: ${answers.map((a) => a.split('\r\n')[0]).join(' | ')}`);
    assert.match(unreadable, /\r\nConnection: close\r\n/i);
    assert.equal(JSON.parse(unreadable.split('\r\n\r\n')[1]).code, 'invalid');
    assert.ok(
      answers.every((a) => /^HTTP\/1\.1 (400|403) /.test(a)),
      answers.map((a) => a.split('\r\n')[0]).join(' | '),
    );
    assert.equal((await admin.get('/api/auth/me')).status, 200, 'the logout after the stray bytes never ran');
  });
});

describe('bounded public work (finding 9)', () => {
  test('/feeds/podcast.xml: the same ETag twice, 304 for If-None-Match, and 429 with Retry-After once an address spends its budget', async () => {
    const from = freshLoopback();
    const first = await raw('GET', '/feeds/podcast.xml', {}, undefined, from);
    assert.equal(first.status, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    assert.ok(first.headers['last-modified'] === undefined || !Number.isNaN(Date.parse(String(first.headers['last-modified']))));
    const again = await raw('GET', '/feeds/podcast.xml', {}, undefined, from);
    assert.equal(again.headers.etag, etag);
    assert.equal(again.body, first.body);
    const statuses: number[] = [];
    let refused: RawAnswer | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await raw('GET', '/feeds/podcast.xml', { 'if-none-match': etag }, undefined, from);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    note('security edge', `/feeds/podcast.xml from ${from}: ${statuses.filter((s) => s === 304).length} × 304, then ${refused?.status ?? 'never refused'}`);
    assert.ok(
      statuses.slice(0, -1).every((s) => s === 304),
      'a conditional request with the current ETag answers 304',
    );
    assert.ok(refused, 'the feed has a per-address budget');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(JSON.parse(refused.body).code, 'rate_limited');
    // Another address is not affected.
    assert.equal((await raw('GET', '/feeds/podcast.xml', { 'if-none-match': etag }, undefined, freshLoopback())).status, 304);
  });

  test('anonymous manuscript uploads: a tight per-address budget, refused 429 before the upload is read', async () => {
    const from = freshLoopback();
    const origin = new URL(stack.gatewayUrl).origin;
    const boundary = 'security-edge';
    const empty = `--${boundary}--\r\n`;
    const statuses: number[] = [];
    let refused: RawAnswer | undefined;
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await raw('POST', '/api/book-submissions', { origin, 'content-type': `multipart/form-data; boundary=${boundary}` }, empty, from);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    note('security edge', `empty manuscript uploads from ${from}: ${statuses.join(' ')}`);
    assert.ok(refused, 'manuscript uploads have a per-address budget');
    assert.ok(statuses.length <= 6, `an address got ${statuses.length - 1} uploads before a refusal`);
    assert.ok(
      statuses.slice(0, -1).every((s) => s === 400),
      'attempts within the budget reach the form (and are refused for what they lack)',
    );
    assert.match(JSON.parse(refused.body).message, /manuscript/i);
  });
});
