import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
function normalise(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/**
 * The client address a request is limited by. `X-Forwarded-For` is believed only as far as it was
 * written by trusted proxies: walking it from the right (the hop nearest to us), the first address
 * that is not a trusted proxy is the client. A client cannot pick its own limit bucket by sending
 * the header itself, because the first proxy appends the real peer after whatever the client wrote.
 */
export class ClientIpResolver {
  private readonly trusted = new BlockList();
  private readonly any: boolean;

  /** `trustedProxies`: IP addresses and CIDR blocks (validated by the config). */
  constructor(trustedProxies: readonly string[]) {
    for (const entry of trustedProxies) {
      const [address = '', prefix] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) {
        this.trusted.addAddress(address, type);
      } else {
        this.trusted.addSubnet(address, Number(prefix), type);
      }
    }
    this.any = trustedProxies.length > 0;
  }

  resolve(peer: string | undefined, forwardedFor: string | string[] | undefined): string {
    let client = normalise(peer ?? '');
    if (!this.any || forwardedFor === undefined || !this.isTrusted(client)) {
      return client;
    }
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map(normalise)
      .filter((hop) => hop !== '');
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i] ?? '';
      if (isIP(hop) === 0) {
        // Garbage a trusted proxy passed along: the last address we can vouch for is the client.
        return client;
      }
      client = hop;
      if (!this.isTrusted(hop)) {
        return hop;
      }
    }
    return client;
  }

  private isTrusted(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}
