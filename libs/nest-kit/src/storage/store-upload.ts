import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { AppError, InvalidError } from '../errors/app-error';
import { SNIFF_BYTES, sniffFileKind, type FileKind } from './file-kinds';
import type { ObjectStorage } from './object-storage';
import type { UploadPolicy } from './upload-policy';

/** The file's size as the sender declared it before the bytes (a form field), checked against the bytes that come. */
export interface DeclaredSize {
  /** The form field that carried it, named in the 400 when the bytes do not match. */
  field: string;
  bytes: number;
}

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

/**
 * Sits between the upload and storage: holds back the first bytes until they show the file's kind, then lets
 * the rest through, failing the stream as soon as it passes the size limit.
 */
class UploadGuard extends Transform {
  bytes = 0;
  /** Our own refusal, which wins over whatever error the storage client reports after it. */
  refusal: AppError | undefined;
  readonly kind: Promise<FileKind | undefined>;
  private head: Buffer[] = [];
  private headLength = 0;
  private detected: FileKind | undefined;
  private settle!: (kind: FileKind | undefined) => void;

  constructor(
    private readonly policy: UploadPolicy,
    private readonly declared?: DeclaredSize,
  ) {
    super();
    this.kind = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.on('error', reject);
    });
    this.kind.catch(() => undefined);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.policy.maxBytes) return done(this.refuse('payload_too_large', this.policy.tooLargeMessage));
    if (this.declared && this.bytes > this.declared.bytes) return done(this.mismatch());
    if (this.detected) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.decide(done);
  }

  override _flush(done: TransformCallback) {
    if (this.declared && this.bytes !== this.declared.bytes) return done(this.mismatch());
    if (this.detected) return done();
    if (this.headLength === 0) {
      this.settle(undefined);
      return done();
    }
    this.decide(done);
  }

  private decide(done: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    const kind = sniffFileKind(head);
    if (!kind || !this.policy.kinds.some((k) => k.id === kind.id)) return done(this.refuse('unsupported_media_type', this.policy.unsupportedMessage));
    this.detected = kind;
    this.settle(kind);
    done(null, head);
  }

  private refuse(code: 'payload_too_large' | 'unsupported_media_type', message: string): AppError {
    this.refusal = new AppError(code, message);
    return this.refusal;
  }

  private mismatch(): AppError {
    const { field, bytes } = this.declared!;
    const message = `${field} says ${bytes} bytes but the file has ${this.bytes > bytes ? 'more' : this.bytes}: send the file's exact size in bytes, or leave ${field} out.`;
    this.refusal = new InvalidError(message, { fields: [{ field, message }] });
    return this.refusal;
  }
}

/**
 * Streams one file into storage under a new key (`<keyPrefix>/<uuid>.<ext>`, the extension from the sniffed kind),
 * enforcing the policy while the bytes flow: 415 before anything is stored when the first bytes are not an
 * accepted kind, 413 as soon as the size passes the limit. On any failure nothing is left under the key.
 * Resolves undefined for an empty file, which is what a form sends for a file input left empty.
 * With the size declared up front, a size over the limit is refused before a byte is read, and a file of any other
 * size is refused with a 400 naming the field (and leaves nothing).
 */
export async function storeUpload(storage: ObjectStorage, source: Readable, policy: UploadPolicy, declared?: DeclaredSize): Promise<StoredObject | undefined> {
  if (declared && declared.bytes > policy.maxBytes) {
    // Read and dropped; stopping the form's parser then fails it, which is expected.
    source.on('error', () => undefined).resume();
    throw new AppError('payload_too_large', policy.tooLargeMessage);
  }
  const guard = new UploadGuard(policy, declared);
  source.on('error', (error) => guard.destroy(error));
  source.pipe(guard);
  const drainSource = () => {
    source.unpipe(guard);
    source.resume();
  };
  let kind: FileKind | undefined;
  try {
    kind = await guard.kind;
  } catch (error) {
    drainSource();
    throw error;
  }
  if (!kind) return undefined;
  const key = `${policy.keyPrefix}/${randomUUID()}.${kind.ext}`;
  try {
    await storage.upload(key, guard, kind.mime);
  } catch (error) {
    drainSource();
    // A failed multipart upload is aborted by ObjectStorage; this covers a last request that reached the server but
    // whose answer was lost (the object may then exist).
    await storage.delete(key).catch(() => undefined);
    throw guard.refusal ?? error;
  }
  return { key, size: guard.bytes, contentType: kind.mime };
}
