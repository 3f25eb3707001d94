import { isIP } from 'node:net';

/** Why an address is not fetched from; absent for a public unicast address. */
export type RefusedRange =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'multicast' | 'reserved';

type Range = readonly [prefix: string, bits: number, kind: RefusedRange];

/** IANA IPv4 special-purpose registry (RFC 6890 and its updates), the ranges not to be reached. */
const V4: readonly Range[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network" (RFC 791); 0.0.0.0 connects to the local host
  ['10.0.0.0', 8, 'private'], // RFC 1918
  ['100.64.0.0', 10, 'cgnat'], // RFC 6598 shared address space
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // also cloud metadata endpoints (169.254.169.254)
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // TEST-NET-1
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // TEST-NET-2
  ['203.0.113.0', 24, 'reserved'], // TEST-NET-3
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // future use, and 255.255.255.255 broadcast
];

/** IANA IPv6 special-purpose registry; ranges embedding an IPv4 address are judged by that address. */
const V6: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved'], // IPv4-compatible (deprecated)
  ['100::', 64, 'reserved'], // discard-only
  ['2001::', 23, 'reserved'], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32, 'reserved'], // documentation
  ['fc00::', 7, 'private'], // unique local (RFC 4193)
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // site-local (deprecated)
  ['ff00::', 8, 'multicast'],
];

function v4ToInt(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** The 128-bit value of an IPv6 address (node:net has validated it), dotted IPv4 tail included. */
function v6ToInt(address: string): bigint {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const v4 = v4ToInt(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(`0x${g}`), 0n);
}

function inRange(value: bigint, width: number, prefix: bigint, bits: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

function classifyV4(value: bigint): RefusedRange | undefined {
  return V4.find(([prefix, bits]) => inRange(value, 32, v4ToInt(prefix), bits))?.[2];
}

/**
 * The range an IP address falls in when it must not be fetched from (SSRF guard,
 * https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html): loopback, private (RFC 1918, fc00::/7), link-local, CGNAT 100.64/10,
 * unspecified, multicast and reserved ranges. IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and
 * 6to4 (2002::/16) addresses are judged by the IPv4 address they carry. Not an IP address: reserved.
 */
export function refusedRange(address: string): RefusedRange | undefined {
  const family = isIP(address.split('%')[0] ?? '');
  if (family === 4) {
    return classifyV4(v4ToInt(address));
  }
  if (family !== 6) {
    return 'reserved';
  }
  const value = v6ToInt(address);
  const low32 = value & 0xffffffffn;
  if (inRange(value, 128, 0xffffn << 32n, 96) || inRange(value, 128, 0x64ff9bn << 96n, 96)) {
    return classifyV4(low32);
  }
  if (inRange(value, 128, 0x2002n << 112n, 16)) {
    return classifyV4((value >> 80n) & 0xffffffffn);
  }
  return V6.find(([prefix, bits]) => inRange(value, 128, v6ToInt(prefix), bits))?.[2];
}
