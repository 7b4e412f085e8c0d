import { BlockList, isIP } from 'node:net';

/**
 * The client's address, for per-address limits and logs. `X-Forwarded-For` and `Forwarded` are
 * believed only when the connection comes from a trusted proxy (TRUSTED_PROXIES: addresses, CIDRs,
 * or `loopback`); then the hops are read from the right, skipping trusted proxies, and the first
 * untrusted hop is the client. A client can prepend anything it likes to these headers, but it
 * cannot change what the proxy appended, so the right-most untrusted hop is the one to believe.
 * Without trusted proxies (the default) the socket address is the client.
 */
export interface TrustedProxies {
  readonly any: boolean;
  has(address: string): boolean;
}

export class ProxyListError extends Error {}

/** Parses TRUSTED_PROXIES (comma- or space-separated); throws ProxyListError on a bad entry. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  let any = false;
  for (const raw of (value ?? '').split(/[\s,]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    any = true;
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr = '', bitsText] = entry.split('/');
    const family = isIP(addr);
    if (!family) throw new ProxyListError(`TRUSTED_PROXIES: "${entry}" is not an address, a CIDR or "loopback"`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bitsText === undefined) list.addAddress(addr, type);
    else {
      const bits = Number(bitsText);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new ProxyListError(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length`);
      list.addSubnet(addr, bits, type);
    }
  }
  return {
    any,
    has(address) {
      const a = plainAddress(address);
      const family = isIP(a);
      if (!family) return false;
      return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; brackets and ports of `Forwarded` values removed. */
export function plainAddress(value: string): string {
  let v = value.trim().replace(/^"|"$/g, '');
  if (v.startsWith('[')) v = v.slice(1, v.indexOf(']') > 0 ? v.indexOf(']') : undefined);
  else if (/^[\d.]+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  if (v.toLowerCase().startsWith('::ffff:') && isIP(v.slice(7)) === 4) v = v.slice(7);
  return v;
}

/** The hops a request passed, nearest last: `Forwarded: for=` when present, else `X-Forwarded-For`. */
function forwardedHops(headers: Record<string, string | string[] | undefined>): string[] {
  const join = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? ''));
  const forwarded = join(headers.forwarded);
  if (forwarded) {
    const hops: string[] = [];
    for (const element of forwarded.split(',')) {
      const pair = element.split(';').find((p) => p.trim().toLowerCase().startsWith('for='));
      hops.push(pair ? plainAddress(pair.trim().slice(4)) : '');
    }
    return hops;
  }
  return join(headers['x-forwarded-for'])
    .split(',')
    .map((h) => plainAddress(h))
    .filter((h, i, all) => h !== '' || i < all.length - 1);
}

export function clientAddress(socketAddress: string | undefined, headers: Record<string, string | string[] | undefined>, trusted: TrustedProxies): string {
  let current = plainAddress(socketAddress ?? '') || 'unknown';
  if (!trusted.any || !trusted.has(current)) return current;
  const hops = forwardedHops(headers);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // An unparseable hop ends the chain: the last address we could trust stands.
    if (!isIP(hop)) return current;
    current = hop;
    if (!trusted.has(hop)) return hop;
  }
  return current;
}
