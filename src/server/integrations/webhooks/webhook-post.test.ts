import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './webhook-post';

describe('webhook target addresses', () => {
  it.each(['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1'])(
    'refuses %s',
    (address) => expect(isPrivateAddress(address)).toBe(true),
  );

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});
