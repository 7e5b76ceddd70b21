/** What a `Range` request header asks of an object of a known size. */
export type ByteRange = { type: 'whole' } | { type: 'part'; start: number; end: number } | { type: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Parses a `Range` header (RFC 9110 §14) into absolute offsets. Suffix ranges (`bytes=-500`) are turned into
 * absolute ones here: the gateway answers ranges from its own copy of media too (ADR 0023), and Content-Range and 416
 * need the offsets (ADR 0064). A header we do not understand — another unit, several
 * ranges, bad syntax — is ignored and the whole object is served, as the RFC allows.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { type: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { type: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { type: 'unsatisfiable' };
    return { type: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { type: 'whole' };
  if (start >= size) return { type: 'unsatisfiable' };
  return { type: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
