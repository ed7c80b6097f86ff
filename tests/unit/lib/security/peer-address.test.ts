import { addressBucket } from '@/lib/security/peer-address';

describe('addressBucket, the unit a per-address limit counts', () => {
  it('puts two addresses of one IPv6 /64 in one bucket, and another /64 in another', () => {
    const first = addressBucket('2001:db8:1:2::1');
    expect(first).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(first);
    expect(addressBucket('2001:DB8:1:2:a:b:c:d')).toBe(first);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(first);
  });

  it('reads every written form of an IPv6 address: compressed anywhere, with a zone, with an IPv4 tail', () => {
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('64:ff9b:1:2::192.0.2.1')).toBe('64:ff9b:1:2::/64');
  });

  it('keeps an IPv4 address, and anything that is not an address, as itself', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('unknown')).toBe('unknown');
    expect(addressBucket('1:2:::3')).toBe('1:2:::3');
  });
});
