import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGlobalConfig, parseTrustAnchor } from '@app/ton';
import { globalConfigJson, renderGlobalConfig } from './global-config';
import { adnlKeyPairFromSeed } from '@app/liteclient';
import { liteServerSeed } from './start-lite-servers';

const zeroState = {
  workchain: -1,
  shard: 0x8000000000000000n,
  seqno: 0,
  rootHash: Buffer.alloc(32, 0x11),
  fileHash: Buffer.alloc(32, 0x22),
};

void describe(renderGlobalConfig.name, () => {
  const endpoints = [0, 1].map((i) => ({
    host: '127.0.0.1',
    port: 40000 + i,
    publicKey: adnlKeyPairFromSeed(liteServerSeed('global-config.spec', i)).publicKey,
  }));

  void it('renders liteservers that the global-config parser reads back', () => {
    const sut = renderGlobalConfig(endpoints, zeroState);
    assert.equal(sut.liteservers[0]?.ip, 2130706433); // 127.0.0.1
    assert.deepEqual(parseGlobalConfig(JSON.parse(globalConfigJson(sut))), endpoints);
  });

  void it('writes the zero state like real configs: exact int64 shard, base64 hashes', () => {
    const text = globalConfigJson(renderGlobalConfig(endpoints, zeroState));
    assert.match(text, /"shard": -9223372036854775808,/);
    const parsed = JSON.parse(text) as {
      validator: { zero_state: Record<string, unknown>; init_block: unknown };
    };
    assert.deepEqual(parsed.validator.zero_state, {
      workchain: -1,
      shard: -9223372036854775808,
      seqno: 0,
      root_hash: Buffer.alloc(32, 0x11).toString('base64'),
      file_hash: Buffer.alloc(32, 0x22).toString('base64'),
    });
    assert.deepEqual(parsed.validator.init_block, parsed.validator.zero_state);
  });

  void it('lists the hard forks given, exactly like the zero state, for the trust anchor', () => {
    const fork = { ...zeroState, seqno: 42, rootHash: Buffer.alloc(32, 0x33) };
    const text = globalConfigJson(renderGlobalConfig(endpoints, zeroState, zeroState, [fork]));
    assert.equal(text.match(/"shard": -9223372036854775808,/g)?.length, 3);
    const anchor = parseTrustAnchor(JSON.parse(text));
    assert.deepEqual(anchor.hardforks, [fork]);
    assert.deepEqual(renderGlobalConfig(endpoints, zeroState).validator.hardforks, []);
  });

  void it('derives stable, distinct node keys from the key seed', () => {
    assert.deepEqual(liteServerSeed('x', 0), liteServerSeed('x', 0));
    assert.notDeepEqual(liteServerSeed('x', 0), liteServerSeed('x', 1));
    assert.notDeepEqual(liteServerSeed('x', 0), liteServerSeed('y', 0));
  });
});
