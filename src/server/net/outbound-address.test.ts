import { describe, expect, it } from 'vitest';
import { isPublicAddress, refusedRange } from './outbound-address';

describe('outbound addresses', () => {
  it.each([
    // Documentation, CGNAT, benchmarking and reserved IPv4 (IANA special-purpose registry).
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '100.64.0.1',
    '198.18.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '0.0.0.0',
    '127.0.0.1',
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '224.0.0.1',
    // IPv6: documentation, unique-local, link-local, loopback, unspecified, multicast.
    '2001:db8::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '::1',
    '::',
    'ff02::1',
    // IPv6 forms carrying an IPv4 address: mapped, NAT64, 6to4, Teredo, translated.
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:7f00:1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(refusedRange(address)).not.toBeNull();
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])(
    'allows the public address %s',
    (address) => {
      expect(refusedRange(address)).toBeNull();
    },
  );
});
