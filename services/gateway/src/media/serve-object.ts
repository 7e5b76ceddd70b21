import { AppError } from '@km/nest-kit';
import { type ObjectInfo, ObjectStorage, parseByteRange } from '@km/nest-kit/storage';
import type { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { headerOf, pathOf, takeOver } from '../http/raw-reply';
import { etagMatches } from './media-request';

export interface ServeOptions {
  cacheControl: string;
  /** Called once the response ends or is cut off, with the first offset sent and how many bytes went out. */
  onDelivered?: (start: number, bytes: number) => void;
}

/**
 * Streams a stored object with `Range` (206/416), HEAD, ETag/If-None-Match (304) and If-Range (ARCHITECTURE §4).
 * Ranges are parsed in our code into absolute offsets (s3rver gets suffix ranges wrong).
 */
export async function serveObject(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  info: ObjectInfo,
  logger: Logger,
  options: ServeOptions,
): Promise<void> {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Accept-Ranges', 'bytes');
  if (info.etag) reply.header('ETag', info.etag);
  if (info.lastModified) reply.header('Last-Modified', info.lastModified.toUTCString());
  if (etagMatches(headerOf(req, 'if-none-match'), info.etag)) {
    reply.header('Cache-Control', options.cacheControl);
    takeOver(reply, 304).end();
    return;
  }
  // A range is only for the version the client has (If-Range); otherwise it gets the whole, current object.
  const ifRange = headerOf(req, 'if-range');
  const range = ifRange && ifRange !== info.etag ? ({ type: 'whole' } as const) : parseByteRange(headerOf(req, 'range'), info.size);
  if (range.type === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${info.size}`);
    throw new AppError('range_not_satisfiable', `The requested range is not satisfiable: the file has ${info.size} bytes.`);
  }

  const part = range.type === 'part' ? { start: range.start, end: range.end } : undefined;
  const object = req.method === 'HEAD' ? undefined : await storage.read(info.key, part);
  if (req.method !== 'HEAD' && !object) throw new AppError('not_found', `No media at ${pathOf(req)}.`);

  reply.header('Cache-Control', options.cacheControl);
  reply.header('Content-Type', info.contentType);
  reply.header('Content-Length', String(part ? part.end - part.start + 1 : info.size));
  if (part) reply.header('Content-Range', `bytes ${part.start}-${part.end}/${info.size}`);
  const res = takeOver(reply, part ? 206 : 200);
  if (!object) {
    res.end();
    return;
  }
  // Counts what actually went out, not what was asked for: a player that asks for everything and leaves after a
  // second has been sent a second's worth.
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(object.body, counter, res);
  } catch (error) {
    // Usually the client went away (a player seeking); the response is already under way either way.
    logger.debug(`streaming ${info.key} stopped: ${String(error)}`);
    // Bytes still buffered in the response never reached the client.
    sent = Math.max(0, sent - res.writableLength);
    res.destroy();
  } finally {
    options.onDelivered?.(part?.start ?? 0, sent);
  }
}
