import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Slice } from '@ton/core';
import { DNS_ZONES, type DnsZone, type DnsZones } from './dns-zones';

const zone = (friendly: string): DnsZone => {
  const found = DNS_ZONES.mainnet.get(Address.parse(friendly).toRawString().toUpperCase());
  assert.ok(found !== undefined, `${friendly} is a DNS collection`);
  return found;
};
const DOT_TON = zone('EQC3dNlesgVD8YbAazcauIrXBPfiVhMMr5YYk2in0Mtsz0Bz');
const DOT_T_ME = zone('EQCA14o1-VWhS2efqoh_9M1b_A9DtKTuoqfmkn83AbJzwnPi');
const bytes = (text: string): Slice =>
  beginCell().storeBuffer(Buffer.from(text)).endCell().beginParse();

const listed = (zones: DnsZones): [string, string][] =>
  [...zones].map(([address, z]) => [address, z.method]);

void describe('DNS_ZONES', () => {
  void it('mainnet: exactly the .ton root and the Telegram usernames collection', () => {
    assert.deepEqual(listed(DNS_ZONES.mainnet), [
      ['0:B774D95EB20543F186C06B371AB88AD704F7E256130CAF96189368A7D0CB6CCF', 'get_domain'],
      ['0:80D78A35F955A14B679FAA887FF4CD5BFC0F43B4A4EEA2A7E6927F3701B273C2', 'get_full_domain'],
    ]);
  });

  void it("testnet: exactly testnet's .ton root, read like mainnet's; no .t.me root", () => {
    assert.deepEqual(listed(DNS_ZONES.testnet), [
      ['0:E33ED33A42EB2032059F97D90C706F8400BB256D32139CA707F1564AD699C7DD', 'get_domain'],
    ]);
    const testnetTon = DNS_ZONES.testnet.get(
      Address.parse('EQDjPtM6QusgMgWfl9kMcG-EALslbTITnKcH8VZK1pnH3UZA').toRawString().toUpperCase(),
    );
    assert.equal(testnetTon, DOT_TON);
  });

  void it("local: mainnet's list", () => {
    assert.equal(DNS_ZONES.local, DNS_ZONES.mainnet);
  });

  void it('.ton: get_domain gives the name, ".ton" is appended; an empty name is none', () => {
    assert.equal(DOT_TON.domain(bytes('alice')), 'alice.ton');
    assert.equal(DOT_TON.domain(bytes('')), null);
  });

  void it('.t.me: the zero-ended labels of get_full_domain, joined from the bottom up', () => {
    assert.equal(DOT_T_ME.domain(bytes('me\0t\0alice\0')), 'alice.t.me');
    assert.equal(DOT_T_ME.domain(bytes('me\0t\0under_score\0')), 'under_score.t.me');
  });

  void it('.t.me: a tail with no zero byte is dropped, as toncenter drops it', () => {
    assert.equal(DOT_T_ME.domain(bytes('me\0t\0alice')), 't.me');
    assert.equal(DOT_T_ME.domain(bytes('alice')), null);
  });

  void it('.t.me: an answer that is not whole bytes is none', () => {
    const odd = beginCell().storeBuffer(Buffer.from('me\0t\0a\0')).storeBit(1).endCell();
    assert.equal(DOT_T_ME.domain(odd.beginParse()), null);
  });
});
