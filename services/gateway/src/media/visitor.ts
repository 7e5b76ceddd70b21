import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** An IPv6 address reduced to its /64 (one household or device network), as the IAB guidelines count it. */
export function networkOf(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A visitor as counting knows it: an HMAC-SHA-256, under the gateway's VISITOR_HASH_KEY, of the address (IPv6 reduced
 * to its /64) and the user agent, so neither is ever stored, and without the key the hash cannot be reversed by trying
 * every address. The address is Express's `req.ip`, which follows the gateway's TRUST_PROXY setting.
 */
export function visitorHash(key: string, address: string | undefined, userAgent: string | undefined): string {
  return createHmac('sha256', key)
    .update(`${networkOf(address ?? 'unknown')}\n${userAgent ?? ''}`)
    .digest('hex');
}
