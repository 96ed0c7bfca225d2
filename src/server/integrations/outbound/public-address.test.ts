import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalAddress } from './public-address';

/** [address, public?, what it is] */
const ADDRESSES: Array<[string, boolean, string]> = [
  // IPv4 that is not public
  ['0.0.0.0', false, 'unspecified ("this host" on Linux)'],
  ['0.1.2.3', false, '"this network" 0/8'],
  ['10.0.0.1', false, 'RFC 1918 10/8'],
  ['10.255.255.255', false, 'RFC 1918 10/8, last'],
  ['100.64.0.1', false, 'carrier-grade NAT 100.64/10'],
  ['100.127.255.254', false, 'carrier-grade NAT, last'],
  ['127.0.0.1', false, 'loopback'],
  ['127.255.0.9', false, 'loopback 127/8'],
  ['169.254.169.254', false, 'cloud metadata (link-local)'],
  ['169.254.0.1', false, 'link-local'],
  ['172.16.0.1', false, 'RFC 1918 172.16/12'],
  ['172.31.255.255', false, 'RFC 1918 172.16/12, last'],
  ['192.0.0.192', false, 'IETF protocol assignments (Oracle metadata)'],
  ['192.0.2.10', false, 'documentation TEST-NET-1'],
  ['192.88.99.1', false, '6to4 relay anycast'],
  ['192.168.1.10', false, 'RFC 1918 192.168/16'],
  ['198.18.0.1', false, 'benchmarking 198.18/15'],
  ['198.19.255.255', false, 'benchmarking, last'],
  ['198.51.100.7', false, 'documentation TEST-NET-2'],
  ['203.0.113.9', false, 'documentation TEST-NET-3'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast (SSDP)'],
  ['240.0.0.1', false, 'reserved 240/4'],
  ['255.255.255.255', false, 'broadcast'],
  // IPv4 that is public (neighbours of the ranges above)
  ['8.8.8.8', true, 'public'],
  ['93.184.216.34', true, 'public'],
  ['1.1.1.1', true, 'public'],
  ['9.255.255.255', true, 'just below 10/8'],
  ['11.0.0.1', true, 'just above 10/8'],
  ['100.63.255.255', true, 'just below CGNAT'],
  ['100.128.0.1', true, 'just above CGNAT'],
  ['126.255.255.255', true, 'just below loopback'],
  ['128.0.0.1', true, 'just above loopback'],
  ['169.253.255.255', true, 'just below link-local'],
  ['172.15.255.255', true, 'just below 172.16/12'],
  ['172.32.0.1', true, 'just above 172.16/12'],
  ['192.167.255.255', true, 'just below 192.168/16'],
  ['192.169.0.1', true, 'just above 192.168/16'],
  ['198.17.255.255', true, 'just below benchmarking'],
  ['198.20.0.1', true, 'just above benchmarking'],
  ['223.255.255.255', true, 'just below multicast'],
  // IPv6 that is not public
  ['::', false, 'unspecified'],
  ['::1', false, 'loopback'],
  ['0:0:0:0:0:0:0:1', false, 'loopback, long form'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', false, 'IPv4-mapped metadata'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped metadata, hex'],
  ['0:0:0:0:0:ffff:c0a8:0101', false, 'IPv4-mapped 192.168.1.1, long form'],
  ['::127.0.0.1', false, 'IPv4-compatible loopback ([::127.0.0.1])'],
  ['::7f00:1', false, 'IPv4-compatible loopback, hex'],
  ['::10.0.0.1', false, 'IPv4-compatible private'],
  ['::8.8.8.8', false, 'IPv4-compatible public (deprecated form, never a destination)'],
  ['64:ff9b::127.0.0.1', false, 'NAT64 of loopback'],
  ['64:ff9b::a00:1', false, 'NAT64 of 10.0.0.1'],
  ['64:ff9b::169.254.169.254', false, 'NAT64 of metadata'],
  ['64:ff9b::c0a8:101', false, 'NAT64 of 192.168.1.1'],
  ['64:ff9b:1::a00:1', false, 'local-use NAT64 64:ff9b:1::/48'],
  ['64:ff9b:1::808:808', false, 'local-use NAT64, even of a public address'],
  ['2002:7f00:1::', false, '6to4 of loopback'],
  ['2002:c0a8:101::1', false, '6to4 of 192.168.1.1'],
  ['100::1', false, 'discard-only'],
  ['2001::1', false, 'Teredo'],
  ['2001:2::1', false, 'benchmarking'],
  ['2001:db8::1', false, 'documentation'],
  ['3fff::1', false, 'documentation (RFC 9637)'],
  ['fc00::1', false, 'unique local fc00::/7'],
  ['fd12:3456::1', false, 'unique local'],
  ['fd00:ec2::254', false, 'AWS metadata (unique local)'],
  ['fe80::1', false, 'link-local'],
  ['fe80::1%eth0', false, 'link-local with zone'],
  ['febf::1', false, 'link-local, last /10'],
  ['fec0::1', false, 'site-local (deprecated)'],
  ['ff02::1', false, 'multicast'],
  ['::ffff:0:7f00:1', false, 'IPv4-translated (SIIT), not global unicast'],
  ['1::1', false, 'outside 2000::/3'],
  ['4000::1', false, 'outside 2000::/3'],
  // IPv6 that is public
  ['2606:4700:4700::1111', true, 'public'],
  ['2a00:1450:4013:c00::1b', true, 'public'],
  ['2001:4860:4860::8888', true, 'public (outside 2001::/23)'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['::ffff:93.184.216.34', true, 'IPv4-mapped public'],
  ['64:ff9b::808:808', true, 'NAT64 of 8.8.8.8'],
  ['64:ff9b::8.8.8.8', true, 'NAT64 of 8.8.8.8, dotted'],
  ['2002:808:808::1', true, '6to4 of 8.8.8.8'],
  // not an address at all
  ['localhost', false, 'a name'],
  ['', false, 'empty'],
  ['127.1', false, 'short form is not an address by itself (see literalAddress)'],
];

describe('isPublicAddress', () => {
  it.each(ADDRESSES)('%s → %s (%s)', (address, expected) => expect(isPublicAddress(address)).toBe(expected));

  it('judges every IPv4-mapped and NAT64 form exactly as the IPv4 address inside it', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = isPublicAddress(v4);
        for (const form of [
          `::ffff:${v4}`,
          `::ffff:${hex}`,
          `64:ff9b::${v4}`,
          `64:ff9b::${hex}`,
          `2002:${hex}::1`,
        ])
          expect(isPublicAddress(form), form).toBe(expected);
        // IPv4-compatible and local-use NAT64 forms are never public.
        expect(isPublicAddress(`::${v4}`)).toBe(false);
        expect(isPublicAddress(`64:ff9b:1::${hex}`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every address of the private, loopback and link-local ranges', () => {
    const inRange = (base: [number, number, number, number], bits: number) =>
      fc.integer({ min: 0, max: 2 ** (32 - bits) - 1 }).map((offset) => {
        const n = ((base[0] << 24) >>> 0) + (base[1] << 16) + (base[2] << 8) + base[3] + offset;
        return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
      });
    const ranges = fc.oneof(
      inRange([10, 0, 0, 0], 8),
      inRange([127, 0, 0, 0], 8),
      inRange([172, 16, 0, 0], 12),
      inRange([192, 168, 0, 0], 16),
      inRange([169, 254, 0, 0], 16),
      inRange([100, 64, 0, 0], 10),
    );
    fc.assert(
      fc.property(ranges, (address) => {
        expect(isPublicAddress(address), address).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

/** [host as typed, address it stands for (null: a name for DNS)] */
const LITERALS: Array<[string, string | null]> = [
  ['127.0.0.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['0x7F.0.0.1', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['127.000.000.001', '127.0.0.1'],
  ['127.0.0.1.', '127.0.0.1'],
  ['0', '0.0.0.0'],
  ['0xa9fea9fe', '169.254.169.254'],
  ['10.1', '10.0.0.1'],
  [' 10.0.0.1 ', '10.0.0.1'],
  ['[::1]', '::1'],
  ['::1', '::1'],
  ['[::127.0.0.1]', '::127.0.0.1'],
  ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
  ['[64:ff9b::10.0.0.1]', '64:ff9b::10.0.0.1'],
  ['[fe80::1%eth0]', 'fe80::1%eth0'],
  ['smtp.example.nl', null],
  ['localhost', null],
  ['cafe.be', null],
  ['deadbeef', null],
  ['1.2.3.999', null],
  ['smtp.example.nl:25', null],
];

describe('literalAddress', () => {
  it.each(LITERALS)('%j → %j', (host, expected) => expect(literalAddress(host)).toBe(expected));

  it('every spelling of a loopback or private address is recognised and refused', () => {
    for (const host of [
      '127.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.0.0.1.',
      '0',
      '[::1]',
      '[::127.0.0.1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::7f00:1]',
      '0xa9fea9fe',
      '10.1',
    ]) {
      const address = literalAddress(host);
      expect(address, host).not.toBeNull();
      expect(isPublicAddress(address!), host).toBe(false);
    }
  });
});
