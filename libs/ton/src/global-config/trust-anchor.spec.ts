import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { parseTrustAnchor, trustedStartBlock } from './trust-anchor';

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

  void it('starts from the newest of init_block and the hard forks, refusing a malformed list', () => {
    const block = (seqno: number, fill: string) => ({
      ...MAINNET_VALIDATOR.zero_state,
      seqno,
      root_hash: `${fill.repeat(43)}=`,
    });
    const init = block(1000, 'A');
    const forks = [block(500, 'E'), block(2000, 'I')];
    const anchor = parseTrustAnchor({
      validator: { ...MAINNET_VALIDATOR, init_block: init, hardforks: forks },
    });
    assert.deepEqual(
      anchor.hardforks.map((f) => f.seqno),
      [500, 2000],
    );
    // The hard fork at 2000 is newer than init_block: proofs start there.
    assert.equal(trustedStartBlock(anchor).seqno, 2000);
    assert.equal(trustedStartBlock(anchor).rootHash.toString('base64'), `${'I'.repeat(43)}=`);
    // An init_block set after the last hard fork (an operator moved it on): it is the start.
    const later = parseTrustAnchor({
      validator: { ...MAINNET_VALIDATOR, init_block: block(3000, 'M'), hardforks: forks },
    });
    assert.equal(trustedStartBlock(later).seqno, 3000);
    // No init_block: the zero state, then the hard fork.
    const bare = parseTrustAnchor({ validator: { ...MAINNET_VALIDATOR, hardforks: [forks[0]] } });
    assert.equal(trustedStartBlock(bare).seqno, 500);

    const refused =
      (hardforks: unknown[], initBlock = init) =>
      () =>
        parseTrustAnchor({
          validator: { ...MAINNET_VALIDATOR, init_block: initBlock, hardforks },
        });
    assert.throws(
      refused([{ ...block(500, 'E'), workchain: 0 }]),
      /"validator.hardforks.0": not a masterchain block/,
    );
    assert.throws(
      refused([block(2000, 'I'), block(500, 'E')]),
      /"validator.hardforks.1": not after the hard fork before it/,
    );
    assert.throws(
      refused([block(1000, 'E')]),
      /"validator.init_block": not the hard fork at its seqno \(validator.hardforks.0\)/,
    );
    // The same block as init_block and hard fork is consistent.
    assert.equal(trustedStartBlock(refused([init])()).seqno, 1000);
  });
});
