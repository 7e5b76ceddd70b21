import type { ObjectStorage } from '@km/nest-kit/storage';
import { parseStream } from 'music-metadata';

/** ISO base media files (MP4, MOV, M4A): the movie header gives the length when music-metadata has no audio track to go by. */
const ISO_BMFF = new Set(['video/mp4', 'video/quicktime', 'audio/mp4']);

/**
 * The media's length in whole seconds, read from the stored object with `music-metadata` (the WAV header, Xing/Info
 * or the frame rate for MP3, the EBML Duration for WEBM, the audio track of MP4/M4A). The object is streamed, never
 * held whole. music-metadata times MP4 and MOV by their audio track only, so a QuickTime file (whose sound track it
 * does not recognise) or a silent video falls back to the movie header (`mvhd`). Undefined when the file does not say.
 */
export async function readMediaDuration(storage: ObjectStorage, key: string, size: number, mimeType: string): Promise<number | undefined> {
  const seconds =
    (await durationFromMetadata(storage, key, size, mimeType)) ?? (ISO_BMFF.has(mimeType) ? await durationFromMovieHeader(storage, key, size) : undefined);
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : undefined;
}

async function durationFromMetadata(storage: ObjectStorage, key: string, size: number, mimeType: string): Promise<number | undefined> {
  const object = await storage.read(key);
  if (!object) return undefined;
  try {
    const metadata = await parseStream(object.body, { mimeType, size }, { duration: true, skipCovers: true });
    return metadata.format.duration;
  } catch {
    return undefined;
  } finally {
    // The parser stops at the headers it needs; the rest of the object is not read.
    object.body.destroy();
  }
}

async function readRange(storage: ObjectStorage, key: string, start: number, length: number): Promise<Buffer | undefined> {
  const object = await storage.read(key, { start, end: start + length - 1 });
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Box headers: 32-bit size + type, or size 1 and a 64-bit size after the type; size 0 runs to the end. */
function boxAt(head: Buffer, end: number, offset: number) {
  const small = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  if (small === 1 && head.length >= 16) return { type, size: Number(head.readBigUInt64BE(8)), header: 16 };
  return { type, size: small === 0 ? end - offset : small, header: 8 };
}

/** Walks the top-level boxes with small ranged reads to `moov`, then its children to `mvhd`: duration / timescale. */
async function durationFromMovieHeader(storage: ObjectStorage, key: string, size: number): Promise<number | undefined> {
  let offset = 0;
  let end = size;
  for (let steps = 0; steps < 64 && offset + 8 <= end; steps++) {
    const head = await readRange(storage, key, offset, Math.min(16, end - offset));
    if (!head || head.length < 8) return undefined;
    const box = boxAt(head, end, offset);
    if (box.size < box.header) return undefined;
    if (box.type === 'moov') {
      // Into the movie box: its children follow its header.
      end = offset + box.size;
      offset += box.header;
      continue;
    }
    if (box.type === 'mvhd') {
      const body = await readRange(storage, key, offset + box.header, 32);
      if (!body) return undefined;
      const version = body[0];
      const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
      const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
      return timescale > 0 ? duration / timescale : undefined;
    }
    offset += box.size;
  }
  return undefined;
}
