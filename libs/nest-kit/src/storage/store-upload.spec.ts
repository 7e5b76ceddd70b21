import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { AppError } from '../errors/app-error';
import type { ObjectStorage } from './object-storage';
import { storeUpload } from './store-upload';
import { imageUploadPolicy } from './upload-policy';

/** Records what reaches storage; consumes uploads the way the S3 client does. */
function fakeStorage() {
  const calls: string[] = [];
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const storage = {
    async upload(key: string, body: Readable, contentType: string) {
      calls.push(`upload ${key}`);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      objects.set(key, { body: Buffer.concat(chunks), contentType });
    },
    async delete(key: string) {
      calls.push(`delete ${key}`);
      objects.delete(key);
    },
  };
  return { storage: storage as unknown as ObjectStorage, calls, objects };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
/** Delivers a buffer in small chunks, as a network upload does. */
const chunked = (data: Buffer, chunk = 1000) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
    })(),
  );
const policy = { ...imageUploadPolicy('media/catalog'), maxBytes: 50_000 };

test('an accepted file is stored byte for byte under <prefix>/<uuid>.<sniffed ext> with its sniffed type', async () => {
  const { storage, objects } = fakeStorage();
  const data = png(20_000);
  const stored = await storeUpload(storage, chunked(data, 7), policy);
  assert.match(stored!.key, /^media\/catalog\/[0-9a-f-]{36}\.png$/);
  assert.equal(stored!.size, 20_000);
  assert.equal(stored!.contentType, 'image/png');
  assert.deepEqual(objects.get(stored!.key), { body: data, contentType: 'image/png' });
});

test('a file of exactly the limit is accepted', async () => {
  const { storage } = fakeStorage();
  assert.equal((await storeUpload(storage, chunked(png(50_000)), policy))!.size, 50_000);
});

test('a file smaller than the sniffing window is still recognised', async () => {
  const { storage } = fakeStorage();
  assert.equal((await storeUpload(storage, chunked(png(12)), policy))!.contentType, 'image/png');
});

test('content that is not an accepted kind is refused with 415 before anything reaches storage', async () => {
  const { storage, calls } = fakeStorage();
  await assert.rejects(
    storeUpload(storage, chunked(Buffer.from('just some text, named photo.png by the sender'.repeat(100))), policy),
    (error: unknown) =>
      error instanceof AppError && error.code === 'unsupported_media_type' && error.message === 'Unsupported image type: use JPG, PNG or WEBP.',
  );
  assert.deepEqual(calls, []);
});

test('one byte over the limit is refused with 413 and the partial object is deleted', async () => {
  const { storage, calls, objects } = fakeStorage();
  await assert.rejects(
    storeUpload(storage, chunked(png(50_001)), policy),
    (error: unknown) => error instanceof AppError && error.code === 'payload_too_large' && error.message === 'Image is too large: the limit is 10 MB.',
  );
  assert.equal(calls.length, 2);
  assert.match(calls[0], /^upload /);
  assert.equal(calls[1], calls[0].replace('upload', 'delete'));
  assert.equal(objects.size, 0);
});

test('an empty file stores nothing and resolves undefined', async () => {
  const { storage, calls } = fakeStorage();
  assert.equal(await storeUpload(storage, Readable.from([]), policy), undefined);
  assert.deepEqual(calls, []);
});

test('a source that fails mid-way fails the upload and leaves nothing', async () => {
  const { storage, objects } = fakeStorage();
  const source = new Readable({ read() {} });
  source.push(png(5000));
  setTimeout(() => source.destroy(new Error('client went away')), 10);
  await assert.rejects(storeUpload(storage, source, policy), /client went away/);
  assert.equal(objects.size, 0);
});

describe('a size declared before the file', () => {
  const declared = (bytes: number) => ({ field: 'imageSize', bytes });
  const isMismatch = (error: unknown) =>
    error instanceof AppError &&
    error.code === 'invalid' &&
    /^imageSize says \d+ bytes but the file has (more|\d+): send the file's exact size in bytes, or leave imageSize out\.$/.test(error.message);

  test('matching the file, the file is stored byte for byte in one upload', async () => {
    const { storage, calls, objects } = fakeStorage();
    const data = png(20_000);
    const stored = await storeUpload(storage, chunked(data), policy, declared(20_000));
    assert.deepEqual(calls, [`upload ${stored!.key}`]);
    assert.deepEqual(objects.get(stored!.key), { body: data, contentType: 'image/png' });
  });

  test('over the limit is refused with 413 before any byte is read or stored', async () => {
    const { storage, calls } = fakeStorage();
    const source = chunked(png(20_000));
    await assert.rejects(
      storeUpload(storage, source, policy, declared(50_001)),
      (error: unknown) => error instanceof AppError && error.code === 'payload_too_large',
    );
    assert.deepEqual(calls, []);
  });

  test('a file longer than declared is refused with 400 naming the field, and nothing is left', async () => {
    const { storage, calls, objects } = fakeStorage();
    await assert.rejects(storeUpload(storage, chunked(png(20_000)), policy, declared(19_999)), isMismatch);
    assert.equal(calls.length, 2);
    assert.equal(calls[1], calls[0].replace('upload', 'delete'));
    assert.equal(objects.size, 0);
  });

  test('a file shorter than declared is refused with 400 naming the field, and nothing is left', async () => {
    const { storage, objects } = fakeStorage();
    await assert.rejects(storeUpload(storage, chunked(png(20_000)), policy, declared(20_001)), (error: unknown) => {
      assert.ok(isMismatch(error));
      assert.equal(
        (error as AppError).message,
        "imageSize says 20001 bytes but the file has 20000: send the file's exact size in bytes, or leave imageSize out.",
      );
      return true;
    });
    assert.equal(objects.size, 0);
  });
});
