import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a throttle counts a caller under. An IPv4 caller is its address; an IPv6 caller is
 * its /64, because one home or one rented server gets a whole /64 and can rotate through its
 * 18 quintillion addresses for free (300 of 300 password guesses from one /64 got through). An
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.5`, what a dual-stack socket reports) is the IPv4
 * caller it carries. Anything else (an empty peer, a made-up X-Forwarded-For value) is kept as
 * given, bounded, so it still counts under one key.
 */
export function throttleAddressKey(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  // A zone (`fe80::1%eth0`) names the host's interface, not the caller: the same caller on any zone.
  const withoutZone = address.split('%', 1)[0] ?? '';
  const unbracketed = withoutZone.replace(/^\[(.*)\]$/, '$1');
  if (!isIPv6(unbracketed)) return address.slice(0, 100);
  const groups = ipv6Groups(unbracketed);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (compressed `::` and a trailing dotted IPv4 allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  if (tail === undefined) return left;
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
