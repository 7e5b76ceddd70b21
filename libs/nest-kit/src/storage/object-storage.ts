import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
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

// lib-storage's minimum; with two parts in flight an upload holds at most ~10 MB in memory, whatever its size.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/**
 * Connections kept open to the storage server. The SDK's default of 50 made the 51st of 100 players seeking at once
 * wait for a free connection (bench/podcast-media.ts).
 */
const MAX_SOCKETS = 256;

/**
 * The object store, through the S3 API (MinIO in production, s3rver locally). See
 * docs/decisions/0006-object-storage-and-uploads.md for why this is the AWS SDK rather than the minio client.
 */
export class ObjectStorage {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(options: StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKey, secretAccessKey: options.secretKey },
      // Without these the SDK frames a streamed body with checksum chunks, which s3rver stores verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        httpAgent: new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      },
    });
  }

  /**
   * Streams a body into `key`. With its length known, one streamed PUT (the storage's fastest path: no parts to
   * store and join again); otherwise one PUT when it is smaller than a part and a multipart upload beyond. A failed
   * multipart upload is aborted; the caller deletes `key` to be sure nothing is left.
   */
  async upload(key: string, body: Readable, contentType: string, length?: number): Promise<void> {
    if (length !== undefined) {
      // The SDK pipes the body into the request, and a pipe does not pass on an error: without the abort, a body
      // that fails mid-way would leave the request waiting for bytes that never come.
      const abort = new AbortController();
      const onError = () => abort.abort();
      body.once('error', onError);
      try {
        const put = new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: length });
        await this.client.send(put, { abortSignal: abort.signal });
      } finally {
        body.off('error', onError);
      }
      return;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    await upload.done();
  }

  /** Stores a small object that is already in memory (generated images, fixtures). */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /** Size, type and ETag of an object, or undefined when there is none. */
  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType || 'application/octet-stream',
        etag: head.ETag ?? '',
        lastModified: head.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** The object's bytes, or the inclusive byte range asked for; undefined when the object is gone. */
  async read(key: string, range?: { start: number; end: number }): Promise<ObjectBody | undefined> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return { body: res.Body as Readable, length: res.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Deleting a key that does not exist succeeds (S3 semantics). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Every key under a prefix. */
  async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}
