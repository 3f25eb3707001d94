import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ipv4FromInt, ipv4ToSignedInt, parseGlobalConfig } from './global-config';

describe('parseGlobalConfig', () => {
  it('reads signed int32 addresses and base64 keys', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const sut = parseGlobalConfig({
      '@type': 'config.global',
      liteservers: [
        { ip: 2130706433, port: 4443, id: { '@type': 'pub.ed25519', key } },
        { ip: -1062731775, port: 1, id: { '@type': 'pub.ed25519', key } },
      ],
    });
    assert.deepEqual(
      sut.map((s) => [s.host, s.port, s.publicKey.toString('hex')]),
      [
        ['127.0.0.1', 4443, '07'.repeat(32)],
        ['192.168.0.1', 1, '07'.repeat(32)],
      ],
    );
  });

  it('names the bad field', () => {
    assert.throws(
      () => parseGlobalConfig({ liteservers: [{ ip: 1, port: 0, id: {} }] }),
      /invalid global config at "liteservers.0.port"/,
    );
    assert.throws(() => parseGlobalConfig({ liteservers: [] }), /lists no liteservers/);
  });

  it('round-trips IPv4 addresses through the signed form', () => {
    assert.equal(ipv4ToSignedInt('127.0.0.1'), 2130706433);
    assert.equal(ipv4ToSignedInt('192.168.0.1'), -1062731775);
    assert.equal(ipv4FromInt(ipv4ToSignedInt('255.255.255.255')), '255.255.255.255');
    assert.throws(() => ipv4ToSignedInt('1.2.3'), /not an IPv4 address/);
  });
});
