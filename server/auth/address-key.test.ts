import { describe, expect, it } from 'vitest';
import { throttleAddressKey } from './address-key';

describe('throttleAddressKey', () => {
  it('keeps an IPv4 caller per address', () => {
    expect(throttleAddressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(throttleAddressKey('203.0.113.6')).toBe('203.0.113.6');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 caller it carries', () => {
    expect(throttleAddressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(throttleAddressKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(throttleAddressKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('keys an IPv6 caller by its /64, in full, compressed and zoned forms alike', () => {
    const key = '2001:db8:85a3:12::/64';
    for (const address of [
      '2001:0db8:85a3:0012:0000:8a2e:0370:7334',
      '2001:db8:85a3:12::1',
      '2001:DB8:85A3:12:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:12::8a2e:370:7334%eth0',
      '[2001:db8:85a3:12::2]',
      '2001:db8:85a3:12:0:0:1.2.3.4',
    ]) {
      expect([address, throttleAddressKey(address)]).toEqual([address, key]);
    }
    expect(throttleAddressKey('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(throttleAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddressKey('fe80::1%2')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything that is not an address as given, bounded', () => {
    expect(throttleAddressKey('')).toBe('');
    expect(throttleAddressKey('unknown')).toBe('unknown');
    expect(throttleAddressKey('x'.repeat(500))).toHaveLength(100);
  });
});
