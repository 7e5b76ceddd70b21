import { Client, S3Error } from 'minio';
import type { IncomingMessage } from 'node:http';
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { UnavailableError } from '../errors/app-error';
import type { StorageOptions } from './storage-config';

export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** As the server sent it, quotes included. */
  etag: string;
  lastModified: Date | undefined;
}

export interface ObjectBody {
  body: Readable;
  /** Bytes in `body`: the whole object or the requested range. */
  length: number;
}

/**
 * S3's smallest part: an upload holds at most two parts in memory (one filling, one going out), ~10 MiB whatever its
 * size, and an object under one part is one PUT.
 */
const PART_SIZE = 5 * 1024 * 1024;
/**
 * Connections kept open to the storage server: 100 players seeking at once each get one instead of waiting for a
 * free one (bench/podcast-media.ts).
 */
const MAX_SOCKETS = 256;

/**
 * The object store, through the S3 API with the `minio` client (MinIO in production, Ceph's S3 gateway in development
 * and tests). See docs/decisions/0064-ceph-s3-and-the-minio-client.md.
 */
export class ObjectStorage {
  private readonly client: Client;
  private readonly agent: Agent;
  readonly bucket: string;

  constructor(options: StorageOptions) {
    this.bucket = options.bucket;
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.agent = useSSL ? new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
    this.client = new Client({
      endPoint: url.hostname,
      port: Number(url.port) || (useSSL ? 443 : 80),
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      // Known, so the client never asks the server for the bucket's region first.
      region: options.region,
      pathStyle: true,
      partSize: PART_SIZE,
      transportAgent: this.agent,
    });
  }

  /**
   * Streams a body of unknown length into `key`: one PUT when it ends within a part, else a multipart upload with one
   * part going out while the next fills. A body that fails (a refused upload) or a storage error aborts the multipart
   * upload, so nothing of it is left, neither object nor parts (ADR 0064). The body's own error is passed on; a
   * storage server that fails or does not answer is a 503 {@link UnavailableError}.
   */
  async upload(key: string, body: Readable, contentType: string): Promise<void> {
    const headers = { 'Content-Type': contentType };
    const etags: { part: number; etag: string }[] = [];
    let uploadId: string | undefined;
    let sending: Promise<void> = Promise.resolve();
    let held: Buffer[] = [];
    let heldBytes = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        held.push(chunk);
        heldBytes += chunk.length;
        while (heldBytes >= PART_SIZE) {
          const whole = Buffer.concat(held);
          held = [whole.subarray(PART_SIZE)];
          heldBytes = whole.length - PART_SIZE;
          uploadId ??= await unavailable(this.client.initiateNewMultipartUpload(this.bucket, key, headers));
          await sending;
          sending = this.sendPart(key, uploadId, etags, whole.subarray(0, PART_SIZE));
          // Awaited before the next part or at the end; this only keeps a failure from being reported unhandled meanwhile.
          sending.catch(() => undefined);
        }
      }
      const rest = Buffer.concat(held);
      if (uploadId === undefined) {
        await unavailable(this.client.putObject(this.bucket, key, rest, rest.length, headers));
        return;
      }
      await sending;
      if (rest.length > 0) await this.sendPart(key, uploadId, etags, rest);
      await unavailable(this.client.completeMultipartUpload(this.bucket, key, uploadId, etags));
    } catch (error) {
      await sending.catch(() => undefined);
      if (uploadId) await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  /** Parts are numbered as they are sent, one at a time. */
  private async sendPart(key: string, uploadId: string, etags: { part: number; etag: string }[], data: Buffer): Promise<void> {
    const part = etags.length + 1;
    etags.push({ part, etag: '' });
    const { etag } = await unavailable(
      this.client.uploadPart({ bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} }, data),
    );
    etags[part - 1].etag = etag;
  }

  /** Stores a small object that is already in memory (generated images, fixtures). */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /** Size, type and ETag of an object, or undefined when there is none. */
  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return {
        key,
        size: stat.size,
        contentType: (stat.metaData['content-type'] as string | undefined) || 'application/octet-stream',
        // The client strips the quotes; HTTP's ETag has them.
        etag: stat.etag ? `"${stat.etag}"` : '',
        lastModified: stat.lastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The object's bytes, or the inclusive byte range asked for; undefined when the object is gone. */
  async read(key: string, range?: { start: number; end: number }): Promise<ObjectBody | undefined> {
    try {
      const res = (
        range ? await this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1) : await this.client.getObject(this.bucket, key)
      ) as IncomingMessage;
      return { body: res, length: Number(res.headers['content-length'] ?? 0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Deleting a key that does not exist succeeds (S3 semantics). */
  async delete(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /** Every key under a prefix. */
  async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of this.client.listObjectsV2(this.bucket, prefix, true)) if (object.name) keys.push(object.name);
    return keys;
  }

  /** Unfinished multipart uploads under a prefix (an aborted upload leaves none). */
  async listIncompleteUploads(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const upload of this.client.listIncompleteUploads(this.bucket, prefix, true)) keys.push(upload.key);
    return keys;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What an upload answers when the storage server fails it or cannot be reached (the fault suite stops it mid-upload). */
export const STORAGE_UNAVAILABLE = 'The file could not be saved because file storage is not answering. Nothing was kept; please try again in a few minutes.';

const unavailable = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw Object.assign(new UnavailableError(STORAGE_UNAVAILABLE), { cause: error });
  });

function isMissing(error: unknown): boolean {
  return error instanceof S3Error && (error.code === 'NoSuchKey' || error.code === 'NotFound');
}
