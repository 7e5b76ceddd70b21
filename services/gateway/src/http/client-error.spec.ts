import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { answerClientError } from './client-error';

/** Writes `bytes` to a server whose client errors `answerClientError` answers; resolves with all it sent back. */
async function exchange(bytes: string): Promise<string> {
  const server = http.createServer((_req, res) => res.end('ok'));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.write(bytes);
    await new Promise<void>((resolve, reject) => {
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    return Buffer.concat(chunks).toString();
  } finally {
    server.close();
  }
}

test('a request the parser cannot read is answered 400 in our error shape, saying the connection closes, and closed', async () => {
  const answer = await exchange('{}DELETE /api/products/1 HTTP/1.1\r\nHost: x\r\n\r\n');
  const [head, body] = answer.split('\r\n\r\n');
  const lines = head.split('\r\n');
  assert.equal(lines[0], 'HTTP/1.1 400 Bad Request');
  assert.ok(lines.includes('Connection: close'));
  assert.ok(lines.includes('Content-Type: application/json; charset=utf-8'));
  assert.ok(lines.includes(`Content-Length: ${Buffer.byteLength(body)}`));
  assert.deepEqual(JSON.parse(body), {
    statusCode: 400,
    code: 'invalid',
    message: 'The request could not be read as HTTP/1.1. Send a valid request line and headers, and a Content-Length (or chunked encoding) with any body.',
  });
});

test('headers over the limit are answered 431 payload_too_large, and the connection closed', async () => {
  const answer = await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  assert.match(answer, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\nConnection: close\r\n/);
  assert.equal(JSON.parse(answer.split('\r\n\r\n')[1]).code, 'payload_too_large');
});

test('a connection already reset is left alone: nothing written', () => {
  const written: string[] = [];
  let destroyed = false;
  const socket = { destroyed: false, writable: true, write: (s: string) => written.push(s), destroy: () => (destroyed = true) };
  answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket as never);
  assert.deepEqual(written, []);
  assert.equal(destroyed, false);
});
