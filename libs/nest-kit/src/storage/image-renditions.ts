import { IMAGE_RENDITION_WIDTHS, renditionKey } from '@km/contracts/common';
import { invalidFields } from '../errors/zod-issues';
import type { ObjectStorage } from './object-storage';

export interface Rendition {
  width: number;
  webp: Buffer;
}

/**
 * Width-limited WEBP copies of a picture (ADR 0021): one per wanted width, never wider than the original (a narrower
 * original gets one copy at its own width). EXIF orientation is applied first, so a phone photo stands upright.
 * Throws a 400 naming `field` when the bytes are not a picture sharp can decode.
 */
export async function makeRenditions(source: Buffer, field: string, widths: readonly number[] = IMAGE_RENDITION_WIDTHS): Promise<Rendition[]> {
  // Loaded on first use: the gateway imports this entry point but never resizes anything.
  const { default: sharp } = await import('sharp');
  let originalWidth: number;
  try {
    const meta = await sharp(source).metadata();
    originalWidth = (meta.autoOrient?.width ?? meta.width) || 0;
  } catch {
    throw invalidFields([{ field, message: `${field} could not be read as a picture; upload a JPG, PNG or WEBP file` }]);
  }
  if (originalWidth <= 0) throw invalidFields([{ field, message: `${field} has no width; upload a JPG, PNG or WEBP file` }]);
  const targets = [...new Set(widths.map((width) => Math.min(width, originalWidth)))].sort((a, b) => a - b);
  return Promise.all(
    targets.map(async (width) => ({
      width,
      webp: await sharp(source).autoOrient().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    })),
  );
}

/**
 * Makes the renditions of the object at `key` (or of `source`, its bytes, when the caller already holds them) and
 * stores them beside it; answers their widths. Nothing is left behind when a step fails. When there is no object
 * at `key` there is nothing to resize: no renditions, and pages show the original URL as before (a caller on the
 * bus may name a key it never uploaded).
 */
export async function storeRenditions(storage: ObjectStorage, key: string, field: string, source?: Buffer): Promise<number[]> {
  const bytes = source ?? (await readWhole(storage, key));
  if (!bytes) return [];
  const renditions = await makeRenditions(bytes, field);
  const stored: string[] = [];
  try {
    for (const { width, webp } of renditions) {
      const target = renditionKey(key, width);
      await storage.put(target, webp, 'image/webp');
      stored.push(target);
    }
  } catch (error) {
    await Promise.all(stored.map((target) => storage.delete(target).catch(() => undefined)));
    throw error;
  }
  return renditions.map((r) => r.width);
}

/** Deletes an original's renditions; a missing one is fine (S3 delete semantics). */
export async function deleteRenditions(storage: ObjectStorage, key: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((width) => storage.delete(renditionKey(key, width))));
}

async function readWhole(storage: ObjectStorage, key: string): Promise<Buffer | undefined> {
  const object = await storage.read(key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
