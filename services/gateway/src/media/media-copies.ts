import { type ObjectBody, type ObjectInfo, ObjectStorage } from '@km/nest-kit/storage';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { createHash, randomUUID } from 'node:crypto';
import { close, createWriteStream, open, read } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** A read of a stored object, and whether this gateway's own copy answered it. */
export interface MediaRead extends ObjectBody {
  fromCopy: boolean;
}

interface Copy {
  file: string;
  etag: string;
  size: number;
  /** Opened once and shared by every reader: an open and a close per Range request were a quarter of the CPU. */
  fd: number;
  readers: number;
  evicted: boolean;
}

const openFile = promisify(open);

/**
 * An inclusive byte range of a descriptor another owner keeps open, read with positional reads. Unlike
 * fs.ReadStream, destroying it never closes the descriptor; it waits for a read under way before it reports closed,
 * so the owner may close the descriptor once every reader has.
 */
class RangeStream extends Readable {
  private position: number;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    super({ highWaterMark: 64 * 1024 });
    this.position = start;
  }

  override _read(size: number): void {
    const length = Math.min(size, this.end + 1 - this.position);
    if (length <= 0) {
      this.push(null);
      return;
    }
    this.reading = new Promise((resolve) =>
      read(this.fd, Buffer.allocUnsafe(length), 0, length, this.position, (error, bytes, buffer) => {
        this.reading = undefined;
        resolve();
        if (this.destroyed) return;
        if (error) this.destroy(error);
        else if (bytes === 0) this.destroy(new Error(`the copy ended at byte ${this.position}, before byte ${this.end}`));
        else {
          this.position += bytes;
          this.push(buffer.subarray(0, bytes));
        }
      }),
    );
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.reading) void this.reading.then(() => done(error));
    else done(error);
  }
}

/**
 * What is copied: episode media, which players read by many ranges. Pictures are small, read whole and kept by
 * browsers for a year; a copy would save them little.
 */
const SEEKABLE = /^(audio|video)\//;
/** Copies made at the same time; each is one whole-object read from storage streamed to disk. */
const COPIES_AT_ONCE = 2;
/** The files this class writes (sha256 of the key, a uuid, `.part` while incomplete): all it ever deletes at start. */
const COPY_FILE = /^[0-9a-f]{64}-[0-9a-f-]{36}(\.part)?$/;

/**
 * Copies of stored media on this gateway's own disk (ADR 0023), like a CDN edge: the first read of an object is
 * answered from storage and starts a background copy; once complete, reads and Range seeks are answered from the
 * local file (the page cache) instead of a storage round trip each. Keys are never reused (ARCHITECTURE §4), so a
 * copy never goes stale. A deleted object stops being served as soon as the object info says it is gone
 * (ObjectInfoCache, 5 s), and the copy is dropped then; the gateway that deletes an episode drops its copies at once.
 * Only audio and video are copied. The least recently used copies go first when the budget is
 * full; an object larger than half the budget is never copied. A copy is written under a temporary name and renamed
 * only once it holds every byte, so an interrupted copy is never served.
 */
@Injectable()
export class MediaCopies implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaCopies');
  private readonly copies: LRUCache<string, Copy> | undefined;
  /** Copies under way, by key, and the storage bodies they read (destroyed at shutdown). */
  private readonly copying = new Map<string, Promise<void>>();
  private readonly bodies = new Set<Readable>();
  private readonly maxObjectBytes: number;
  private dir = '';
  private ownsDir = false;
  private closed = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly storage: ObjectStorage,
  ) {
    const { maxBytes } = config.mediaCache;
    this.maxObjectBytes = Math.floor(maxBytes / 2);
    this.copies =
      maxBytes > 0
        ? new LRUCache<string, Copy>({
            maxSize: maxBytes,
            sizeCalculation: (copy) => Math.max(1, copy.size),
            // Readers under way keep reading: an unlinked file lives on until its descriptor is closed.
            dispose: (copy) => {
              copy.evicted = true;
              void rm(copy.file, { force: true });
              this.release(copy, 0);
            },
          })
        : undefined;
  }

  async onModuleInit(): Promise<void> {
    if (!this.copies) return;
    const configured = this.config.mediaCache.dir;
    if (configured) {
      // Copies left by an earlier run of this gateway (a restarted container keeps its volume) are not trusted:
      // the objects may have been deleted since.
      await mkdir(configured, { recursive: true });
      for (const name of await readdir(configured)) if (COPY_FILE.test(name)) await rm(path.join(configured, name), { force: true });
      this.dir = configured;
    } else {
      this.dir = await mkdtemp(path.join(os.tmpdir(), 'km-media-copies-'));
      this.ownsDir = true;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const body of this.bodies) body.destroy(new Error('the gateway is shutting down'));
    await Promise.allSettled(this.copying.values());
    this.copies?.clear();
    if (this.ownsDir) await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * The object's bytes, or the inclusive range asked for: from this gateway's copy when it has a complete one of
   * this version, else from storage (starting a copy). Undefined when storage no longer has the object.
   */
  async read(info: ObjectInfo, part?: { start: number; end: number }): Promise<MediaRead | undefined> {
    const copy = this.copies?.get(info.key);
    if (copy && copy.etag === info.etag && copy.size === info.size) {
      copy.readers++;
      const body = new RangeStream(copy.fd, part?.start ?? 0, part?.end ?? info.size - 1);
      body.once('close', () => this.release(copy, 1));
      return { body, length: part ? part.end - part.start + 1 : info.size, fromCopy: true };
    } else if (copy) {
      this.forget(info.key);
    }
    const object = await this.storage.read(info.key, part);
    if (object) this.copyInBackground(info);
    return object && { ...object, fromCopy: false };
  }

  /** Drops the copy of an object storage no longer has. */
  forget(key: string): void {
    this.copies?.delete(key);
  }

  /** Whether a complete copy of this version is on disk (tests and HEAD's X-Cache). */
  has(info: ObjectInfo): boolean {
    const copy = this.copies?.peek(info.key);
    return copy !== undefined && copy.etag === info.etag && copy.size === info.size;
  }

  private copyInBackground(info: ObjectInfo): void {
    if (!this.copies || this.closed || info.size > this.maxObjectBytes || !SEEKABLE.test(info.contentType)) return;
    if (this.copying.has(info.key) || this.copying.size >= COPIES_AT_ONCE) return;
    const copying = this.copy(info)
      .catch((error) => {
        if (!this.closed) this.logger.warn(`could not copy ${info.key} to local disk (reads go to storage): ${String(error)}`);
      })
      .finally(() => this.copying.delete(info.key));
    this.copying.set(info.key, copying);
  }

  private async copy(info: ObjectInfo): Promise<void> {
    const object = await this.storage.read(info.key);
    if (!object) return;
    if (this.closed) {
      object.body.destroy();
      return;
    }
    this.bodies.add(object.body);
    const file = path.join(this.dir, `${createHash('sha256').update(info.key).digest('hex')}-${randomUUID()}`);
    const partial = `${file}.part`;
    try {
      await pipeline(object.body, createWriteStream(partial, { flags: 'wx' }));
      const { size } = await stat(partial);
      if (size !== info.size) throw new Error(`${size} bytes arrived of ${info.size}`);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    } finally {
      this.bodies.delete(object.body);
    }
    if (this.closed) {
      await rm(file, { force: true });
      return;
    }
    const fd = await openFile(file, 'r');
    this.copies!.set(info.key, { file, etag: info.etag, size: info.size, fd, readers: 0, evicted: false });
  }

  /** A reader is done (`readers` 1) or the copy was evicted (0): the last one out closes the descriptor. */
  private release(copy: Copy, readers: 0 | 1): void {
    copy.readers -= readers;
    if (copy.evicted && copy.readers === 0 && copy.fd >= 0) {
      close(copy.fd, () => undefined);
      copy.fd = -1;
    }
  }
}
