import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusedRange } from './address-guard';

void describe('refusedRange', () => {
  void it('classifies IPv4 special-purpose ranges at their edges', () => {
    const cases: [string, string | undefined][] = [
      ['0.0.0.0', 'unspecified'],
      ['0.255.255.255', 'unspecified'],
      ['1.0.0.0', undefined],
      ['9.255.255.255', undefined],
      ['10.0.0.0', 'private'],
      ['10.255.255.255', 'private'],
      ['11.0.0.0', undefined],
      ['100.63.255.255', undefined],
      ['100.64.0.0', 'cgnat'],
      ['100.127.255.255', 'cgnat'],
      ['100.128.0.0', undefined],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['172.15.255.255', undefined],
      ['172.16.0.0', 'private'],
      ['172.31.255.255', 'private'],
      ['172.32.0.0', undefined],
      ['192.0.0.8', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['192.167.255.255', undefined],
      ['192.168.1.1', 'private'],
      ['198.18.0.1', 'reserved'],
      ['198.19.255.255', 'reserved'],
      ['198.20.0.0', undefined],
      ['203.0.113.9', 'reserved'],
      ['223.255.255.255', undefined],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.255', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['8.8.8.8', undefined],
      ['93.184.215.14', undefined],
    ];
    for (const [address, expected] of cases) {
      assert.equal(refusedRange(address), expected, address);
    }
  });

  void it('classifies IPv6 special-purpose ranges', () => {
    const cases: [string, string | undefined][] = [
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::2', 'reserved'],
      ['100::1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['2001::1', 'reserved'],
      ['fc00::1', 'private'],
      ['fd12:3456:789a::1', 'private'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['fec0::1', 'private'],
      ['ff02::1', 'multicast'],
      ['2606:4700:4700::1111', undefined],
      ['2a00:1450:4001:80b::200e', undefined],
      ['fbff:ffff::1', undefined],
    ];
    for (const [address, expected] of cases) {
      assert.equal(refusedRange(address), expected, address);
    }
  });

  void it('judges IPv4-mapped, NAT64 and 6to4 addresses by the IPv4 address they carry', () => {
    assert.equal(refusedRange('::ffff:127.0.0.1'), 'loopback');
    assert.equal(refusedRange('::ffff:7f00:1'), 'loopback');
    assert.equal(refusedRange('::ffff:10.1.2.3'), 'private');
    assert.equal(refusedRange('::ffff:8.8.8.8'), undefined);
    assert.equal(refusedRange('64:ff9b::a9fe:a9fe'), 'link-local');
    assert.equal(refusedRange('64:ff9b::808:808'), undefined);
    assert.equal(refusedRange('2002:c0a8:0101::1'), 'private');
    assert.equal(refusedRange('2002:0808:0808::1'), undefined);
  });

  void it('refuses what is not an IP address', () => {
    assert.equal(refusedRange('localhost'), 'reserved');
    assert.equal(refusedRange('1.2.3'), 'reserved');
    assert.equal(refusedRange(''), 'reserved');
  });
});
