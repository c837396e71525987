import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side fetch may connect to: public unicast only. Everything in IANA's
 * special-purpose registries is refused (private, loopback, link-local, CGNAT, multicast,
 * documentation, benchmarking, reserved), and so are IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo), which could smuggle a private one.
 */
const REFUSED_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const REFUSED_V6: ReadonlyArray<[string, number]> = [
  ['::', 96], // unspecified, loopback ::1, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo, ORCHID, benchmarking...
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// Two lists: a BlockList checks IPv4 addresses against its IPv6 rules too (as ::ffff:a.b.c.d),
// so one list holding ::ffff:0:0/96 would refuse every IPv4 address.
const refusedV4 = new BlockList();
for (const [network, prefix] of REFUSED_V4) refusedV4.addSubnet(network, prefix, 'ipv4');
const refusedV6 = new BlockList();
for (const [network, prefix] of REFUSED_V6) refusedV6.addSubnet(network, prefix, 'ipv6');

const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopbackV6 = new BlockList();
loopbackV6.addAddress('::1', 'ipv6');

/** Strips the brackets of an IPv6 URL host ('[::1]' -> '::1'). */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** True only for a public unicast IPv4 or IPv6 address. Anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const ip = unbracket(address);
  const family = isIP(ip);
  if (family === 4) return !refusedV4.check(ip, 'ipv4');
  if (family === 6) {
    // Only the global unicast block is assigned for public use today.
    if (!globalUnicastV6.check(ip, 'ipv6')) return false;
    return !refusedV6.check(ip, 'ipv6');
  }
  return false;
}

export function isLoopbackAddress(address: string): boolean {
  const ip = unbracket(address);
  const family = isIP(ip);
  if (family === 4) return loopbackV4.check(ip, 'ipv4');
  return family === 6 && loopbackV6.check(ip, 'ipv6');
}
