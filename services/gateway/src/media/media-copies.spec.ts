import type { ObjectInfo, ObjectStorage } from '@km/nest-kit/storage';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { GatewayConfig } from '../config';
import { MediaCopies } from './media-copies';

/** Storage holding `objects`; `breakAfter` makes a whole-object read of that key fail after that many bytes. */
function storageWith(objects: Record<string, string>, breakAfter: Record<string, number> = {}) {
  const reads: string[] = [];
  const storage = {
    async read(key: string, range?: { start: number; end: number }) {
      reads.push(range ? `${key} ${range.start}-${range.end}` : key);
      const body = objects[key];
      if (body === undefined) return undefined;
      if (!range && breakAfter[key] !== undefined) {
        const stream = new Readable({ read() {} });
        stream.push(body.slice(0, breakAfter[key]));
        setImmediate(() => stream.destroy(new Error('connection reset')));
        return { body: stream, length: body.length };
      }
      const bytes = range ? body.slice(range.start, range.end + 1) : body;
      return { body: Readable.from([Buffer.from(bytes)]), length: bytes.length };
    },
  };
  return { storage: storage as unknown as ObjectStorage, reads };
}

const infoOf = (key: string, body: string): ObjectInfo => ({ key, size: body.length, contentType: 'audio/mpeg', etag: '"e"', lastModified: undefined });

let dir: string;
const started: MediaCopies[] = [];
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'media-copies-spec-'))));
afterEach(async () => {
  for (const copies of started.splice(0)) await copies.onApplicationShutdown();
  await rm(dir, { recursive: true, force: true });
});

async function start(storage: ObjectStorage, maxBytes: number): Promise<MediaCopies> {
  const copies = new MediaCopies({ mediaCache: { dir, maxBytes } } as GatewayConfig, storage);
  await copies.onModuleInit();
  started.push(copies);
  return copies;
}

/** Waits until the background copy of `info` is complete. */
async function copied(copies: MediaCopies, info: ObjectInfo): Promise<void> {
  for (let i = 0; i < 200 && !copies.has(info); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.ok(copies.has(info), `${info.key} was not copied`);
}

const files = async () => (await readdir(dir)).sort();

/**
 * Until `probe` answers true, for up to 2 s: what the copies do after an eviction or a reader's end (unlinking a file,
 * closing a descriptor) runs in the background, and a busy machine can take more than a few milliseconds over it.
 */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await probe())) {
    assert.ok(Date.now() < deadline, `${what} did not happen within 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** How many of this process's descriptors are open on a copy of `key` (deleted or not). */
async function descriptorsOn(key: string): Promise<number> {
  const name = path.join(dir, createHash('sha256').update(key).digest('hex'));
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.startsWith(name)).length;
}

describe('MediaCopies', () => {
  test('a read from storage starts one copy however many reads arrive; later reads and ranges come from the copy', async () => {
    const body = 'abcdefghijklmnopqrstuvwxyz';
    const { storage, reads } = storageWith({ a: body });
    const copies = await start(storage, 1000);
    const info = infoOf('a', body);
    const first = await Promise.all([copies.read(info, { start: 0, end: 1 }), copies.read(info, { start: 2, end: 3 }), copies.read(info)]);
    assert.deepEqual(
      first.map((r) => r!.fromCopy),
      [false, false, false],
    );
    await copied(copies, info);
    assert.deepEqual(reads.filter((r) => r === 'a').length, 2); // the whole-object read above, and the one copy
    const part = await copies.read(info, { start: 3, end: 6 });
    assert.deepEqual([part!.fromCopy, part!.length, await text(part!.body)], [true, 4, 'defg']);
    const whole = await copies.read(info);
    assert.deepEqual([whole!.fromCopy, await text(whole!.body)], [true, body]);
    assert.equal(reads.length, 4);
  });

  test('a copy cut off before its last byte leaves no file and is never served; the next read copies again', async () => {
    const body = 'x'.repeat(100);
    const { storage } = storageWith({ a: body }, { a: 40 });
    const copies = await start(storage, 1000);
    const info = infoOf('a', body);
    await text((await copies.read(info, { start: 0, end: 9 }))!.body);
    // The copy starts, is cut at byte 40 and cleans up in the background; its file may not exist yet at first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await until('the cut copy removed', async () => (await files()).length === 0);
    assert.deepEqual([copies.has(info), await files()], [false, []]);
    assert.equal((await copies.read(info, { start: 0, end: 9 }))!.fromCopy, false);
  });

  test('the least recently used copies go when the budget is full, their files with them; an object over half the budget is never copied', async () => {
    const objects = { a: 'a'.repeat(400), b: 'b'.repeat(400), c: 'c'.repeat(400), big: 'z'.repeat(501) };
    const { storage } = storageWith(objects);
    const copies = await start(storage, 1000);
    const [a, b, c, big] = Object.entries(objects).map(([key, body]) => infoOf(key, body));
    for (const info of [a, b]) {
      await copies.read(info);
      await copied(copies, info);
    }
    assert.equal((await copies.read(a))!.fromCopy, true); // a is now used more recently than b
    await copies.read(c);
    await copied(copies, c);
    assert.deepEqual([copies.has(a), copies.has(b), copies.has(c)], [true, false, true]);
    await until("b's file deleted", async () => (await files()).length === 2);
    await copies.read(big);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual([copies.has(big), (await files()).length], [false, 2]);
  });

  test('a copy evicted while a reader is under way still serves that reader whole; the last reader out closes its file', async () => {
    const objects = { a: 'a'.repeat(300) + 'b'.repeat(100), b: 'c'.repeat(400), c: 'd'.repeat(400) };
    const { storage } = storageWith(objects);
    const copies = await start(storage, 800);
    const [a, b, c] = Object.entries(objects).map(([key, body]) => infoOf(key, body));
    await copies.read(a);
    await copied(copies, a);
    const reader = (await copies.read(a, { start: 250, end: 399 }))!;
    assert.equal(reader.fromCopy, true);
    for (const info of [b, c]) {
      await copies.read(info);
      await copied(copies, info);
    }
    assert.deepEqual([copies.has(a), await descriptorsOn('a')], [false, 1]);
    assert.equal(await text(reader.body), 'a'.repeat(50) + 'b'.repeat(100));
    await until("the last reader's descriptor on a closed", async () => (await descriptorsOn('a')) === 0);
    // The copies still held keep one descriptor each, whatever the number of readers.
    await Promise.all([0, 1, 2].map(async () => text((await copies.read(c, { start: 0, end: 9 }))!.body)));
    assert.equal(await descriptorsOn('c'), 1);
  });

  test('a reader destroyed mid-way (a player seeking away) releases the copy; after eviction its file is closed', async () => {
    const body = 'z'.repeat(300 * 1024);
    const { storage } = storageWith({ a: body, b: body });
    const copies = await start(storage, 2 * body.length);
    const [a, b] = [infoOf('a', body), infoOf('b', body)];
    await copies.read(a);
    await copied(copies, a);
    const reader = (await copies.read(a))!;
    await new Promise<void>((resolve) => reader.body.once('data', () => resolve()));
    reader.body.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    copies.forget('a');
    await until('the descriptor on a closed', async () => (await descriptorsOn('a')) === 0);
    assert.equal(copies.has(a), false);
    assert.equal((await copies.read(b))!.fromCopy, false);
  });

  test('a copy of another version (ETag or size) is dropped and storage answers; forget drops a copy', async () => {
    const { storage } = storageWith({ a: 'hello world' });
    const copies = await start(storage, 1000);
    const info = infoOf('a', 'hello world');
    await copies.read(info);
    await copied(copies, info);
    const other = { ...info, etag: '"other"' };
    assert.equal((await copies.read(other))!.fromCopy, false);
    assert.equal(copies.has(info), false);
    await copied(copies, other); // that read copied the version storage has now
    copies.forget('a');
    await until("the forgotten copy's file deleted", async () => (await files()).length === 0);
    assert.equal(copies.has(other), false);
  });

  test('shutting down during a copy stops it and leaves no file behind', async () => {
    const body = 'y'.repeat(1000);
    const { storage } = storageWith({ a: body });
    const endless = new Readable({ read() {} });
    endless.push('y'.repeat(100)); // then nothing more: the copy waits for bytes that never come
    const slow = {
      read: async (key: string, range?: { start: number; end: number }) => (range ? storage.read(key, range) : { body: endless, length: body.length }),
    } as unknown as ObjectStorage;
    const copies = await start(slow, 10_000);
    await copies.read(infoOf('a', body), { start: 0, end: 9 });
    await until('the partial copy begun', async () => (await files()).length === 1);
    await copies.onApplicationShutdown();
    assert.deepEqual([endless.destroyed, await files()], [true, []]);
  });

  test('at start, copies left in its directory by an earlier run are deleted and nothing else is', async () => {
    const leftover = `${'0'.repeat(64)}-00000000-0000-0000-0000-000000000000`;
    await writeFile(path.join(dir, leftover), 'old');
    await writeFile(path.join(dir, `${leftover}.part`), 'old');
    await writeFile(path.join(dir, 'keep.txt'), 'not ours');
    await start(storageWith({}).storage, 1000);
    assert.deepEqual(await files(), ['keep.txt']);
  });

  test('pictures are never copied: only audio and video, which players read by ranges', async () => {
    const { storage, reads } = storageWith({ a: 'png bytes' });
    const copies = await start(storage, 1000);
    const picture = { ...infoOf('a', 'png bytes'), contentType: 'image/png' };
    for (let i = 0; i < 3; i++) assert.equal((await copies.read(picture))!.fromCopy, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual([reads.length, await files()], [3, []]);
  });

  test('a budget of 0 keeps no copies: every read goes to storage', async () => {
    const { storage, reads } = storageWith({ a: 'hello' });
    const copies = await start(storage, 0);
    for (let i = 0; i < 3; i++) assert.equal((await copies.read(infoOf('a', 'hello')))!.fromCopy, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual([reads.length, await files()], [3, []]);
  });
});
