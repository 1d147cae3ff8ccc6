// Who is asking, as far as limits care: the caller's address and the network it belongs to.

/** The network an address belongs to, for limits one household or office shares: IPv4 /24, IPv6 /48. */
export function networkOf(ip: string) {
  if (ip === 'local') return ip;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
}

/** The caller's address as Cloudflare reports it; 'local' for none or loopback (wrangler dev, tests). */
export function clientIp(headers: Headers) {
  const ip = headers.get('cf-connecting-ip');
  return !ip || ip === '127.0.0.1' || ip === '::1' ? 'local' : ip;
}
