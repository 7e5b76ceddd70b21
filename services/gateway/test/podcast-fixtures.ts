import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Small real media made with ffmpeg (3 seconds each: a tone, and a test picture for video). */
const FIXTURES = path.join(__dirname, '..', '..', 'test', 'fixtures', 'podcast');

export interface FormFile {
  data: Buffer;
  name: string;
  type: string;
}

const fixture = (name: string, type: string): FormFile => ({ data: readFileSync(path.join(FIXTURES, name)), name, type });

/** One of each accepted kind, with the mediaType it belongs to and the Content-Type storage keeps. */
export const MEDIA_SAMPLES = [
  { file: fixture('a.mp3', 'audio/mpeg'), mediaType: 'audio', stored: 'audio/mpeg', ext: 'mp3' },
  { file: fixture('a.wav', 'audio/wav'), mediaType: 'audio', stored: 'audio/wav', ext: 'wav' },
  { file: fixture('a.m4a', 'audio/mp4'), mediaType: 'audio', stored: 'audio/mp4', ext: 'm4a' },
  { file: fixture('v.mp4', 'video/mp4'), mediaType: 'video', stored: 'video/mp4', ext: 'mp4' },
  { file: fixture('v.mov', 'video/quicktime'), mediaType: 'video', stored: 'video/quicktime', ext: 'mov' },
  { file: fixture('v.webm', 'video/webm'), mediaType: 'video', stored: 'video/webm', ext: 'webm' },
] as const;

/** Every fixture lasts 3 seconds. */
export const FIXTURE_SECONDS = 3;

export const mp3 = () => MEDIA_SAMPLES[0].file;
export const mp4 = () => MEDIA_SAMPLES[3].file;
export const thumbnailJpg = () => fixture('thumb.jpg', 'image/jpeg');

export const episodeFields = (overrides: Record<string, string | undefined> = {}) => ({
  title: 'Faith at Work',
  episodeNumber: '1',
  description: 'How faith shapes the way we run a business.',
  mediaType: 'audio',
  tags: 'faith, business',
  duration: '00:45:30',
  ...overrides,
});

/** The upload form's multipart body; fields set to undefined are left out. */
export function episodeForm(fields: Record<string, string | undefined>, media?: FormFile, thumbnail?: FormFile): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (thumbnail) form.set('thumbnail', new Blob([new Uint8Array(thumbnail.data)], { type: thumbnail.type }), thumbnail.name);
  if (media) form.set('media', new Blob([new Uint8Array(media.data)], { type: media.type }), media.name);
  return form;
}

/**
 * Posts an upload whose media is `head` followed by zeros up to `size` bytes, generated while it is sent, so a
 * 501 MB file costs the test no memory. Resolves with the status and body the gateway answered.
 */
export function postGeneratedMedia(
  baseUrl: string,
  cookie: string,
  fields: Record<string, string>,
  head: Buffer,
  size: number,
): Promise<{ status: number; body: any }> {
  const boundary = `----km-${Date.now()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const opening = Buffer.from(
    parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/podcast-episodes', baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(opening.length + size + closing.length),
        cookie,
      },
    });
    let answered = false;
    req.on('response', (res) => {
      // The answer may come before the whole body went out: stop generating it.
      answered = true;
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: JSON.parse(text) });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < size && !answered) {
        const piece = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end(closing);
    };
    req.write(opening);
    pump();
  });
}
