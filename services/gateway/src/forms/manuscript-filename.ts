const MAX_LENGTH = 200;
// Control characters, and the invisible direction marks that can make "report‮fdp.exe" read as "report.exe.pdf".
const UNSAFE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a manuscript is stored and offered for download under: the last segment of what the browser sent
 * (some send a whole path), without control or direction characters, at most 200 characters, and always ending in
 * the extension of what the file really is, so an admin's computer opens it with the right program.
 */
export function manuscriptFilename(sent: string, ext: string): string {
  const base = (sent.split(/[\\/]/).pop() ?? '').replace(UNSAFE, '').normalize('NFC').trim();
  const named = base === '' || base === '.' || base === '..' ? 'manuscript' : base;
  const withExt = named.toLowerCase().endsWith(`.${ext}`) ? named : `${named}.${ext}`;
  if (withExt.length <= MAX_LENGTH) return withExt;
  return `${withExt.slice(0, MAX_LENGTH - ext.length - 1).trimEnd()}.${ext}`;
}
