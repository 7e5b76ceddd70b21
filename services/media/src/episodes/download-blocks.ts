/**
 * IAB Podcast Measurement Guidelines 2.x: a download counts once at least one minute of audio's worth of bytes
 * (or the whole file, when it is shorter) reached the same address and user agent within 24 hours. Bytes are
 * tracked as blocks of the file that were sent whole, so a 2-byte probe, a seek that plays a few seconds, or the
 * same range asked for again and again never add up to a download, while a player fetching the file in pieces does.
 */

/** At most this many blocks per file, so a visitor's row stays small (4096 bits) whatever the size. */
const MAX_BLOCKS = 4096;
const MIN_BLOCK = 64 * 1024;

export interface BlockPlan {
  blockSize: number;
  blocks: number;
  /** Blocks a download needs: one minute's worth, or the whole file. */
  needed: number;
}

export function blockPlan(size: number, durationSeconds: number): BlockPlan {
  const blockSize = Math.max(MIN_BLOCK, Math.ceil(size / MAX_BLOCKS));
  const blocks = Math.max(1, Math.ceil(size / blockSize));
  const minuteBytes = durationSeconds > 0 ? Math.ceil((size * 60) / durationSeconds) : size;
  const neededBytes = Math.min(size, minuteBytes);
  return { blockSize, blocks, needed: Math.max(1, Math.min(blocks, Math.ceil(neededBytes / blockSize))) };
}

/**
 * The blocks [start, start + bytes) covers entirely, as a bit string (1 = sent). The last block of the file counts
 * when the delivery reached the file's end, since it is shorter than the others.
 */
export function coveredBlocks(plan: BlockPlan, size: number, start: number, bytes: number): string {
  const end = Math.min(size, start + bytes);
  const first = Math.ceil(start / plan.blockSize);
  const last = end === size ? plan.blocks - 1 : Math.floor(end / plan.blockSize) - 1;
  let bits = '';
  for (let i = 0; i < plan.blocks; i++) bits += i >= first && i <= last && bytes > 0 ? '1' : '0';
  return bits;
}
