import net from 'node:net';

/**
 * Whether an IP address is on the public internet, for connections whose target an owner chooses
 * (webhook URLs, their own SMTP server): such a target must never make the server talk to its own
 * network, its cloud's metadata service or anything else that is not public.
 *
 * Not public: the IANA special-purpose ranges that are not globally reachable, multicast and
 * reserved space, and every IPv6 form that carries an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`,
 * NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`) when that IPv4 address is not public.
 */

const V4_NOT_PUBLIC: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"; Linux connects 0.0.0.0 to the local host
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments (incl. the Oracle/Alibaba metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. the broadcast address 255.255.255.255
];

/** Inside 2000::/3 (the only global unicast space) these are still not public. */
const V6_NOT_PUBLIC: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

const v4Blocked = new net.BlockList();
for (const [address, prefix] of V4_NOT_PUBLIC) v4Blocked.addSubnet(address, prefix, 'ipv4');
const v6Blocked = new net.BlockList();
for (const [address, prefix] of V6_NOT_PUBLIC) v6Blocked.addSubnet(address, prefix, 'ipv6');

/** The 16 bytes of a valid IPv6 address (a zone `%eth0` is ignored). */
function ipv6Bytes(address: string): Uint8Array {
  const text = address.split('%')[0]!.toLowerCase();
  const bytes = new Uint8Array(16);
  // A trailing dotted IPv4 part (`::ffff:127.0.0.1`) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const hexText = dotted
    ? text.slice(0, dotted.index) +
      dotted[1]!
        .split('.')
        .reduce((acc, part, i) => acc + (i === 2 ? ':' : '') + Number(part).toString(16).padStart(2, '0'), '')
    : text;
  const [head, tail] = hexText.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const all =
    tail === undefined
      ? front
      : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const v4At = (bytes: Uint8Array, at: number) => Array.from(bytes.slice(at, at + 4)).join('.');

function isPublicIpv4(address: string): boolean {
  return !v4Blocked.check(address, 'ipv4');
}

function isPublicIpv6(address: string): boolean {
  const bytes = ipv6Bytes(address);
  const zeros = (n: number) => new Array<number>(n).fill(0);
  // IPv4-mapped ::ffff:a.b.c.d: a dual-stack socket connects to the IPv4 address itself.
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return isPublicIpv4(v4At(bytes, 12));
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052): a translator connects to the embedded IPv4.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return isPublicIpv4(v4At(bytes, 12));
  // 6to4 2002:aabb:ccdd::/48 is routed to the embedded IPv4 address.
  if (startsWith(bytes, [0x20, 0x02])) return isPublicIpv4(v4At(bytes, 2));
  // Everything outside 2000::/3 is not global unicast: ::, ::1, IPv4-compatible ::a.b.c.d (the
  // whole deprecated ::/96), local-use NAT64 64:ff9b:1::/48, discard 100::/64, unique local
  // fc00::/7 (incl. the AWS metadata fd00:ec2::254), link-local fe80::/10, site-local, multicast.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !v6Blocked.check(address.split('%')[0]!, 'ipv6');
}

/** True only for a valid IP address (either family) on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return isPublicIpv4(address);
  if (family === 6) return isPublicIpv6(address);
  return false;
}

/**
 * The IP address a host as typed stands for without asking DNS, or null for a name. Accepts every
 * spelling an HTTP client or a resolver would turn into an address: `[::1]` brackets, and the
 * short, decimal, octal and hex IPv4 forms (`127.1`, `2130706433`, `0177.0.0.1`, `0x7f.1`), which
 * the URL standard (like `inet_aton`) reads as IPv4.
 */
export function literalAddress(host: string): string | null {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return bare;
  // Only letters, digits and dots can spell an IPv4 number; anything else is left to DNS.
  if (!/^[0-9a-z.]+$/i.test(bare)) return null;
  try {
    const parsed = new URL(`http://${bare}/`).hostname;
    return net.isIPv4(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
