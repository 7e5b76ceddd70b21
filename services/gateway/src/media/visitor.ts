import { createHmac } from 'node:crypto';
import { networkOf } from '../http/client-network';

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
