import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { parseTrustAnchor } from './trust-anchor';

/** validator.config.global of mainnet's public global config (https://ton.org/global.config.json). */
const MAINNET_VALIDATOR = {
  '@type': 'validator.config.global',
  zero_state: {
    workchain: -1,
    shard: -9223372036854775808,
    seqno: 0,
    root_hash: 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=',
    file_hash: 'XplPz01CXAps5qeSWUtxcyBfdAo5zVb1N979KLSKD24=',
  },
};

void describe('parseTrustAnchor', () => {
  void it('reads the zero state, and uses it as the init block when the config names none', () => {
    const anchor = parseTrustAnchor({ validator: MAINNET_VALIDATOR });
    assert.equal(anchor.zeroState.workchain, -1);
    assert.equal(anchor.zeroState.shard, 0x8000000000000000n);
    assert.equal(anchor.zeroState.seqno, 0);
    assert.equal(
      anchor.zeroState.rootHash.toString('hex'),
      '17a3a92992aabea785a7a090985a265cd31f323d849da51239737e321fb05569',
    );
    assert.deepEqual(anchor.initBlock, anchor.zeroState);
    assert.deepEqual(anchor.hardforks, []);
  });

  void it('prefers init_block, and refuses one outside the masterchain or a bad hash', () => {
    const init = { ...MAINNET_VALIDATOR.zero_state, seqno: 34835953 };
    assert.equal(
      parseTrustAnchor({ validator: { ...MAINNET_VALIDATOR, init_block: init } }).initBlock.seqno,
      34835953,
    );
    assert.throws(
      () =>
        parseTrustAnchor({
          validator: { ...MAINNET_VALIDATOR, init_block: { ...init, workchain: 0 } },
        }),
      /validator.init_block/,
    );
    assert.throws(
      () =>
        parseTrustAnchor({
          validator: { ...MAINNET_VALIDATOR, init_block: { ...init, root_hash: 'abc' } },
        }),
      /validator.init_block.root_hash/,
    );
    assert.throws(() => parseTrustAnchor({}), /invalid global config at "validator"/);
  });
});
