import { Logger } from '@nestjs/common';
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { AppError, InvalidError } from '../errors/app-error';
import type { ObjectStorage } from './object-storage';
import { storeUpload, type DeclaredSize, type StoredObject } from './store-upload';
import type { UploadPolicy } from './upload-policy';

export interface MultipartFormOptions {
  /** The file fields and what each accepts; a file in any other field is refused. */
  files: Record<string, UploadPolicy>;
  /** Text fields at most (default 30). */
  maxFields?: number;
  /** Bytes per text field at most (default 64 KiB). */
  maxFieldBytes?: number;
  /**
   * Per file field, the text field that may declare its size in bytes before it (`{ media: 'mediaSize' }`). Sent
   * before the file, it lets storage take the file in one streamed PUT, and refuses a file over the limit before
   * a byte of it is read; a file of another size than declared is refused.
   */
  sizeFields?: Record<string, string>;
}

/** A stored file and the name it had on the sender's machine (untrusted: shown or offered for download only). */
export interface ReceivedFile extends StoredObject {
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** Only the file fields that carried a non-empty file. */
  files: Record<string, ReceivedFile>;
}

const logger = new Logger('MultipartForm');

/**
 * Reads a `multipart/form-data` request, streaming each file straight into object storage (never whole in memory
 * or on disk) under its field's {@link UploadPolicy}. Rejects with a 4xx {@link AppError} a person can act on; when
 * it rejects, every object it stored for this request has been deleted. The caller owns the stored objects after
 * it resolves, and deletes them if the request fails later.
 */
export function receiveMultipart(req: IncomingMessage, storage: ObjectStorage, options: MultipartFormOptions): Promise<MultipartForm> {
  const maxFields = options.maxFields ?? 30;
  const maxFieldBytes = options.maxFieldBytes ?? 64 * 1024;
  const fileFields = Object.keys(options.files);

  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new AppError('unsupported_media_type', 'Send this form as multipart/form-data.'));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send file names as UTF-8 bytes; busboy would read them as latin1.
      defParamCharset: 'utf8',
      // Larger buffers than busboy's 16 KiB: a 500 MB file then moves in fewer, larger chunks (less work per byte).
      highWaterMark: 1024 * 1024,
      fileHwm: 1024 * 1024,
      // Files beyond the allowed fields are refused by name in the 'file' handler, which stops the parsing.
      limits: { fields: maxFields, fieldSize: maxFieldBytes, parts: maxFields + fileFields.length },
    });
  } catch (error) {
    return Promise.reject(new InvalidError(`The form is not valid multipart/form-data: ${(error as Error).message}.`));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, ReceivedFile> = {};
    const uploads: Promise<void>[] = [];
    let failure: unknown;
    let settled = false;

    // Waits for uploads still running, so that a failed request leaves nothing behind.
    const settle = async () => {
      if (settled) return;
      settled = true;
      await Promise.allSettled(uploads);
      if (failure === undefined) return resolve({ fields, files });
      await Promise.all(
        Object.values(files).map((file) => storage.delete(file.key).catch((error) => logger.warn(`could not delete ${file.key}: ${String(error)}`))),
      );
      reject(failure);
    };
    const fail = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      // Stop parsing (a file still streaming fails, so its upload settles) and read and discard the rest of the
      // body, so the client gets the answer instead of a stalled upload.
      req.unpipe(parser);
      parser.destroy();
      req.resume();
      void settle();
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        return fail(new InvalidError(`${name} is too long: at most ${maxFieldBytes} bytes.`, { fields: [{ field: name, message: `${name} is too long` }] }));
      // Postgres text cannot hold U+0000 (as the gateway's JSON check says): refuse it here, not as a 500 later.
      if (value.includes('\u0000')) {
        const message = `${name} contains the NUL character (\\u0000), which text cannot hold. Remove it and try again.`;
        return fail(new InvalidError(message, { fields: [{ field: name, message }] }));
      }
      fields[name] = value;
    });
    const seen = new Set<string>();
    parser.on('file', (name, stream, info) => {
      const policy = Object.hasOwn(options.files, name) ? options.files[name] : undefined;
      if (failure !== undefined || !policy || seen.has(name)) {
        // Discarded: its bytes are read and dropped, and stopping the parser may fail it, which is expected.
        stream.on('error', () => undefined).resume();
        if (!policy) fail(new InvalidError(`Unexpected file in field "${name}": only ${fileFields.join(', ')} may carry a file.`));
        else if (seen.has(name)) fail(new InvalidError(`Send one file in ${name}, not several.`));
        return;
      }
      seen.add(name);
      let declared: DeclaredSize | undefined;
      const sizeField = options.sizeFields?.[name];
      if (sizeField !== undefined && fields[sizeField] !== undefined) {
        const text = fields[sizeField].trim();
        if (!/^\d{1,15}$/.test(text)) {
          stream.on('error', () => undefined).resume();
          const message = `${sizeField} must be the size of ${name} in bytes, a whole number (or leave it out).`;
          return fail(new InvalidError(message, { fields: [{ field: sizeField, message }] }));
        }
        declared = { field: sizeField, bytes: Number(text) };
      }
      uploads.push(
        storeUpload(storage, stream, policy, declared).then(
          (stored) => {
            if (stored) files[name] = { ...stored, filename: info.filename ?? '' };
          },
          (error) => fail(error),
        ),
      );
    });
    parser.on('fieldsLimit', () => fail(new InvalidError(`The form has too many fields: at most ${maxFields}.`)));
    parser.on('partsLimit', () => fail(new InvalidError(`The form has too many parts: at most ${maxFields + fileFields.length}.`)));
    parser.on('error', (error) => fail(new InvalidError(`The form data is incomplete or malformed: ${(error as Error).message}.`)));
    parser.on('close', () => void settle());
    req.on('close', () => {
      if (!req.complete) fail(new InvalidError('The upload was interrupted before it was complete.'));
    });
    req.pipe(parser);
  });
}
