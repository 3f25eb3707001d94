import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shardHoldsPrefix } from './block-lookup.check';
import { shardChildren, shardParent } from './block-prev.reader';
import { mainnetBlock } from './block-proofs.test-util';
import { provenShardDescr } from './shard-block.check';

void describe('shard ids of a split, a merge and a lookup prefix', () => {
  void it('parent and halves of a shard (ton::shard_parent / shard_child)', () => {
    assert.equal(shardParent(0xa000000000000000n), 0xc000000000000000n);
    assert.equal(shardParent(0x6000000000000000n), 0x4000000000000000n);
    assert.equal(shardParent(0xc000000000000000n), 0x8000000000000000n);
    assert.deepEqual(shardChildren(0x8000000000000000n), [
      0x4000000000000000n,
      0xc000000000000000n,
    ]);
    assert.deepEqual(shardChildren(0xc000000000000000n), [
      0xa000000000000000n,
      0xe000000000000000n,
    ]);
  });

  void it('a shard holds the account prefixes under it, and no other', () => {
    assert.ok(shardHoldsPrefix(0x8000000000000000n, 0x1234000000000000n));
    assert.ok(shardHoldsPrefix(0xa000000000000000n, 0xb000000000000000n));
    assert.ok(!shardHoldsPrefix(0xa000000000000000n, 0x6000000000000000n));
    assert.ok(!shardHoldsPrefix(0xa000000000000000n, 0xc800000000000000n));
  });

  void it('finds the shard top of mainnet masterchain block 17734191 exactly or by a prefix under it', () => {
    const { root } = mainnetBlock('block-5.bin', -1, 0x8000000000000000n, 17734191);
    const shardHashes = root.refs[3]?.refs[3]?.refs[0];
    assert.ok(shardHashes);
    const exact = provenShardDescr(shardHashes, 0, 0x8000000000000000n, true);
    assert.ok(exact);
    const inner = provenShardDescr(shardHashes, 0, 0x4000000000000000n, false);
    assert.deepEqual(inner?.rootHash, exact.rootHash);
    assert.equal(provenShardDescr(shardHashes, 0, 0x4000000000000000n, true), null);
    assert.equal(provenShardDescr(shardHashes, 7, 0x8000000000000000n, false), null);
  });
});
