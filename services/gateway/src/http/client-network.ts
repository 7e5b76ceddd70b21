import { isIPv6 } from 'node:net';

/** `::ffff:1.2.3.4` or `::ffff:102:304`: an IPv4 client seen through an IPv6 socket. */
const IPV4_MAPPED_DOTTED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const IPV4_MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/**
 * The network a client address counts as, for every per-address budget and the visitor hash: an IPv6 address reduced
 * to its /64 (one household or device network, as the IAB guidelines count it; a single host gets a whole /64 and can
 * pick any address in it), an IPv4 address whole, and an IPv4-mapped IPv6 address as the IPv4 address it carries.
 */
export function networkOf(address: string): string {
  const dotted = IPV4_MAPPED_DOTTED.exec(address);
  if (dotted) return dotted[1];
  const hex = IPV4_MAPPED_HEX.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  if (!isIPv6(address)) return address;
  const plain = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names our interface, not the client
  const [head, tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
