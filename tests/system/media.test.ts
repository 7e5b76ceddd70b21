import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { MB, startHarness, type Harness } from './harness';

let h: Harness;
const keys: string[] = [];
/** 1000 bytes, each its own offset modulo 251, so any slice is recognisable. */
const SMALL = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
let smallUrl: string;

beforeAll(async () => {
  h = await startHarness();
  const key = `media/test/${randomUUID()}.png`;
  await h.storage.put(key, SMALL, 'image/png');
  keys.push(key);
  smallUrl = `/${key}`;
});
afterAll(async () => {
  for (const key of keys) await h.storage.delete(key);
  await h.stop();
});

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(h.baseUrl + url, { method, headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Sends the path exactly as written: fetch would resolve the dot segments first. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(h.baseUrl + '/', { path }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

describe('GET /media/<key>', () => {
  test('streams the whole object with its stored type, length, ETag, a year of immutable caching and nosniff', async () => {
    const res = await get(smallUrl);
    assert.equal(res.status, 200);
    assert.deepEqual(res.bytes, SMALL);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('content-length'), '1000');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
    assert.match(res.headers.get('etag')!, /^"[0-9a-f]{32}"$/);
    assert.ok(res.headers.get('last-modified'));
  });

  test('a byte range is a 206 with exactly those bytes and a Content-Range', async () => {
    const res = await get(smallUrl, { range: 'bytes=10-19' });
    assert.equal(res.status, 206);
    assert.deepEqual(res.bytes, SMALL.subarray(10, 20));
    assert.equal(res.headers.get('content-range'), 'bytes 10-19/1000');
    assert.equal(res.headers.get('content-length'), '10');
    assert.equal(res.headers.get('content-type'), 'image/png');
  });

  test('a suffix range is the last N bytes', async () => {
    const res = await get(smallUrl, { range: 'bytes=-100' });
    assert.equal(res.status, 206);
    assert.deepEqual(res.bytes, SMALL.subarray(900));
    assert.equal(res.headers.get('content-range'), 'bytes 900-999/1000');
  });

  test('an open range runs to the end, and an end past the size is clipped', async () => {
    const open = await get(smallUrl, { range: 'bytes=990-' });
    assert.deepEqual([open.status, open.headers.get('content-range')], [206, 'bytes 990-999/1000']);
    assert.deepEqual(open.bytes, SMALL.subarray(990));
    const clipped = await get(smallUrl, { range: 'bytes=995-5000' });
    assert.deepEqual([clipped.headers.get('content-range'), clipped.bytes.length], ['bytes 995-999/1000', 5]);
  });

  test('a range starting past the end is a 416 naming the size', async () => {
    const res = await get(smallUrl, { range: 'bytes=1000-' });
    assert.equal(res.status, 416);
    assert.equal(res.headers.get('content-range'), 'bytes */1000');
    assert.deepEqual(JSON.parse(res.bytes.toString()), {
      statusCode: 416,
      code: 'range_not_satisfiable',
      message: 'The requested range is not satisfiable: the file has 1000 bytes.',
    });
  });

  test('several ranges at once are answered with the whole object', async () => {
    const res = await get(smallUrl, { range: 'bytes=0-1,5-6' });
    assert.deepEqual([res.status, res.bytes.length], [200, 1000]);
  });

  test('HEAD answers the headers without a body, ranges included', async () => {
    const whole = await get(smallUrl, {}, 'HEAD');
    assert.deepEqual([whole.status, whole.headers.get('content-length'), whole.headers.get('content-type'), whole.bytes.length], [200, '1000', 'image/png', 0]);
    const part = await get(smallUrl, { range: 'bytes=-10' }, 'HEAD');
    assert.deepEqual([part.status, part.headers.get('content-range'), part.bytes.length], [206, 'bytes 990-999/1000', 0]);
  });

  test('If-None-Match with the current ETag is a 304 without a body; another tag gets the object', async () => {
    const etag = (await get(smallUrl, {}, 'HEAD')).headers.get('etag')!;
    const cached = await get(smallUrl, { 'if-none-match': etag });
    assert.deepEqual([cached.status, cached.bytes.length, cached.headers.get('etag')], [304, 0, etag]);
    assert.equal(cached.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await get(smallUrl, { 'if-none-match': `W/${etag}, "other"` })).status, 304);
    assert.equal((await get(smallUrl, { 'if-none-match': '"other"' })).status, 200);
  });

  test('If-Range with an old ETag gets the whole current object instead of a range', async () => {
    const res = await get(smallUrl, { range: 'bytes=0-9', 'if-range': '"stale"' });
    assert.deepEqual([res.status, res.bytes.length], [200, 1000]);
    const etag = (await get(smallUrl, {}, 'HEAD')).headers.get('etag')!;
    assert.equal((await get(smallUrl, { range: 'bytes=0-9', 'if-range': etag })).status, 206);
  });

  test('a missing key is a JSON 404', async () => {
    const res = await get('/media/catalog/00000000-0000-0000-0000-000000000000.webp');
    assert.equal(res.status, 404);
    assert.deepEqual(JSON.parse(res.bytes.toString()), {
      statusCode: 404,
      code: 'not_found',
      message: 'No media at /media/catalog/00000000-0000-0000-0000-000000000000.webp.',
    });
  });

  test('paths with .. (plain or percent-encoded) or a segment longer than a file name are refused with a 400', async () => {
    // `..` and an encoded slash are refused by the gateway's one path normaliser before any route (ADR 0027).
    for (const [path, problem] of [
      ['/media/test/../../secret', 'it has a ".." segment'],
      ['/media/test/%2e%2e/%2e%2e/secret', 'it has a ".." segment'],
      ['/media/..%2Fmanuscripts%2Fbook.pdf', 'it has an encoded slash or backslash (%2F, %5C)'],
    ]) {
      const res = await rawGet(path);
      assert.deepEqual(
        [res.status, JSON.parse(res.body).message],
        [400, `That address is not valid: ${problem}. Use the address as the site links to it, with each character at most once %-encoded.`],
        path,
      );
    }
    const long = await rawGet(`/media/catalog/${'1'.repeat(300)}`);
    assert.deepEqual(
      [long.status, JSON.parse(long.body).message],
      [400, "That is not a valid media path: it may not contain '..', '.', empty or over-long segments."],
    );
  });

  test('an object streamed in as a multipart upload of unknown size is served whole and by ranges across its parts', async () => {
    const size = 6 * MB + 123;
    const data = Buffer.alloc(size);
    for (let i = 0; i + 4 <= size; i += 4) data.writeUInt32BE(i, i);
    const key = `media/test/${randomUUID()}.mp4`;
    keys.push(key);
    // Chunked like a network upload, with no length known in advance.
    await h.storage.upload(
      key,
      Readable.from(
        (function* () {
          for (let i = 0; i < size; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
        })(),
      ),
      'video/mp4',
    );
    const whole = await get(`/${key}`);
    assert.deepEqual([whole.status, whole.headers.get('content-type'), whole.bytes.equals(data)], [200, 'video/mp4', true]);
    const across = await get(`/${key}`, { range: `bytes=${5 * MB - 10}-${5 * MB + 9}` });
    assert.equal(across.status, 206);
    assert.deepEqual(across.bytes, data.subarray(5 * MB - 10, 5 * MB + 10));
    const tail = await get(`/${key}`, { range: 'bytes=-7' });
    assert.deepEqual(tail.bytes, data.subarray(size - 7));
  });
});

describe('the storage client against the real S3 server (ADR 0064)', () => {
  test('an upload whose body fails after two parts is aborted: no object, no unfinished multipart upload, and the next upload of the key works', async () => {
    const key = `media/test/${randomUUID()}.mp4`;
    keys.push(key);
    const failing = Readable.from(
      (async function* () {
        for (let sent = 0; sent < 11 * MB; sent += MB) yield Buffer.alloc(MB, 1);
        throw new Error('the sender went away');
      })(),
    );
    await assert.rejects(h.storage.upload(key, failing, 'video/mp4'), /the sender went away/);
    assert.deepEqual(
      [await h.storage.stat(key), await h.storage.listKeys(key), await h.storage.listIncompleteUploads(key)],
      [undefined, [], []],
      'nothing of the failed upload is left',
    );
    const data = Buffer.alloc(6 * MB, 2);
    await h.storage.upload(key, Readable.from([data]), 'video/mp4');
    assert.deepEqual(await h.storage.stat(key).then((info) => [info?.size, info?.contentType]), [6 * MB, 'video/mp4']);
  });
});

describe("/media from the gateway's own copy of audio and video (ADR 0023)", () => {
  /** Reads until this gateway answers from its copy (the first read from storage starts the copy). */
  async function untilCopied(url: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await get(url, {}, 'HEAD')).headers.get('x-cache') !== 'HIT') {
      if (Date.now() > deadline) throw new Error(`${url} was not copied within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('the first read comes from storage; then whole reads, ranges, suffix ranges, HEAD and 416 answer the same from the copy', async () => {
    const size = 2 * MB + 17;
    const data = Buffer.alloc(size);
    for (let i = 0; i + 4 <= size; i += 4) data.writeUInt32BE(i, i);
    const key = `media/test/${randomUUID()}.mp3`;
    keys.push(key);
    await h.storage.put(key, data, 'audio/mpeg');
    const first = await get(`/${key}`, { range: 'bytes=100-199' });
    assert.deepEqual([first.status, first.headers.get('x-cache'), first.bytes.equals(data.subarray(100, 200))], [206, 'MISS', true]);
    await untilCopied(`/${key}`);

    const whole = await get(`/${key}`);
    assert.deepEqual(
      [whole.status, whole.headers.get('x-cache'), whole.headers.get('content-length'), whole.headers.get('content-type'), whole.bytes.equals(data)],
      [200, 'HIT', String(size), 'audio/mpeg', true],
    );
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      [`bytes=${MB - 3}-${MB + 3}`, MB - 3, MB + 3],
      ['bytes=-9', size - 9, size - 1],
      [`bytes=${size - 5}-`, size - 5, size - 1],
      [`bytes=${size - 2}-${size + 1000}`, size - 2, size - 1],
    ] as const) {
      const res = await get(`/${key}`, { range });
      assert.deepEqual(
        [res.status, res.headers.get('x-cache'), res.headers.get('content-range'), res.bytes.equals(data.subarray(start, end + 1))],
        [206, 'HIT', `bytes ${start}-${end}/${size}`, true],
        range,
      );
    }
    const head = await get(`/${key}`, { range: 'bytes=5-9' }, 'HEAD');
    assert.deepEqual([head.status, head.headers.get('x-cache'), head.headers.get('content-length'), head.bytes.length], [206, 'HIT', '5', 0]);
    assert.equal((await get(`/${key}`, { range: `bytes=${size}-` })).status, 416);
  });

  test('an object deleted from storage is still answered from the copy for at most 5 seconds, then 404 and the copy is dropped', async () => {
    const key = `media/test/${randomUUID()}.mp3`;
    await h.storage.put(key, SMALL, 'audio/mpeg');
    await get(`/${key}`);
    await untilCopied(`/${key}`);
    await h.storage.delete(key);
    const deletedAt = Date.now();
    // Storage no longer has it: what answers is the copy.
    const fromCopy = await get(`/${key}`, { range: 'bytes=0-9' });
    assert.deepEqual([fromCopy.status, fromCopy.headers.get('x-cache'), fromCopy.bytes.equals(SMALL.subarray(0, 10))], [206, 'HIT', true]);
    let status = 206;
    while (status !== 404 && Date.now() - deletedAt < 7_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await get(`/${key}`)).status;
    }
    assert.equal(status, 404);
    assert.ok(Date.now() - deletedAt <= 5_500, `still served ${Date.now() - deletedAt} ms after the deletion`);
    // The copy went with it: put back under the same key, the object is read from storage again.
    await h.storage.put(key, SMALL, 'audio/mpeg');
    keys.push(key);
    assert.equal((await get(`/${key}`)).headers.get('x-cache'), 'MISS');
  });
});
