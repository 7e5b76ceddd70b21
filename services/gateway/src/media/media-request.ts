const MAX_KEY_LENGTH = 1024;
// Object stores keep each path segment as a file or directory name (MinIO, Ceph): 255 bytes at most.
const MAX_SEGMENT_BYTES = 255;

/**
 * The object key a `/media/…` request path names (the path without its leading slash, percent-decoding undone),
 * or undefined when the path is not a key we serve: outside `media/`, with `.`/`..` or empty segments,
 * backslashes, control characters, or a segment longer than a file name may be.
 */
export function mediaKeyFromPath(path: string): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(path.replace(/^\//, ''));
  } catch {
    return undefined;
  }
  if (!key.startsWith('media/') || key.length > MAX_KEY_LENGTH) return undefined;
  if (/[\\\u0000-\u001f\u007f]/.test(key)) return undefined;
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)) return undefined;
  return key;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** `If-None-Match` (weak comparison, RFC 9110 §13.1.2): does the client already hold this version? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
