/**
 * The key of an order's signed link, from the address's fragment (`#key=…`, ADR 0036): the fragment never reaches a
 * server or a Referer header. Null when there is none or it is not a key's shape.
 */
export function keyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key && /^[A-Za-z0-9_-]{20,100}$/.test(key) ? key : null;
}

/** The fragment that opens an order's page with its key. */
export const hashWithKey = (key: string) => `#${new URLSearchParams({ key })}`;
