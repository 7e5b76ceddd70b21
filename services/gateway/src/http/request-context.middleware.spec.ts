import { currentRequestId } from '@km/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { requestContextHooks } from './request-context.middleware';

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
  requestId?: string;
}

/** The logger's calls, with the request id the logger's mixin would add (the context active at the call). */
function fakeLogger(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const at = (name: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level: name, fields, message, requestId: currentRequestId() });
  const logger = { isLevelEnabled: (l: string) => level === 'debug' || l !== 'debug', info: at('info'), debug: at('debug') } as unknown as Logger;
  return { logger, lines };
}

/** One request through the hooks: answered with `status` after `delayMs`; answers the headers set on the response. */
async function serve(logger: Logger, slowMs: number, status: number, delayMs = 0, requestId?: string) {
  const raw = Object.assign(new EventEmitter(), { statusCode: 0, headers: {} as Record<string, string> });
  const res = Object.assign(raw, { setHeader: (name: string, value: string) => (raw.headers[name] = value) });
  const req = { method: 'GET', url: '/api/products?page=2', headers: requestId ? { 'x-request-id': requestId } : {} } as unknown as FastifyRequest;
  await new Promise<void>((resolve) => requestContextHooks(logger, slowMs).onRequest(req, { raw: res } as unknown as FastifyReply, () => resolve()));
  await new Promise((r) => setTimeout(r, delayMs));
  raw.statusCode = status;
  raw.emit('finish');
  return raw.headers;
}

describe('the request log line', () => {
  test('a quick success is not logged at info; an error is, with method, path without the query, status, duration and the request id', async () => {
    const { logger, lines } = fakeLogger('info');
    await serve(logger, 500, 200);
    assert.equal(lines.length, 0);
    await serve(logger, 500, 503, 0, 'trace-1');
    await serve(logger, 500, 404, 0, 'trace-2');
    assert.deepEqual(
      lines.map(({ level, fields, message, requestId }) => [level, message, requestId, fields.method, fields.path, fields.status, typeof fields.ms]),
      [
        ['info', 'request', 'trace-1', 'GET', '/api/products', 503, 'number'],
        ['info', 'request', 'trace-2', 'GET', '/api/products', 404, 'number'],
      ],
    );
  });

  test('a success slower than the threshold is logged at info with its duration', async () => {
    const { logger, lines } = fakeLogger('info');
    await serve(logger, 20, 200, 40, 'slow-1');
    assert.equal(lines.length, 1);
    assert.deepEqual([lines[0].level, lines[0].fields.status, lines[0].requestId], ['info', 200, 'slow-1']);
    assert.ok((lines[0].fields.ms as number) >= 20, String(lines[0].fields.ms));
  });

  test('at debug every request is logged; the request id is echoed either way, and an unsafe one is replaced', async () => {
    const { logger, lines } = fakeLogger('debug');
    const headers = await serve(logger, 500, 200, 0, 'bad id\twith tab');
    assert.equal(lines.length, 1);
    assert.deepEqual([lines[0].level, lines[0].fields.status], ['debug', 200]);
    assert.match(headers['x-request-id'], /^[0-9a-f-]{36}$/);
    assert.equal(lines[0].requestId, headers['x-request-id']);
  });
});
