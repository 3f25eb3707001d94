/** ShardDescr and shard_fees rebuilt from mainnet masterchain block 17734191, compared by hash. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import { buildShardFees, storeShardDescr } from './shard-hashes';
import { loadBlock, ref, grams, augLeaves } from './mainnet-block.test-util';

void describe('shard_hashes builders against a mainnet masterchain block', () => {
  void it('rebuilds a ShardDescr (shard_descr_new#a) of mainnet mc block 17734191', () => {
    const mcExtra = ref(ref(loadBlock('block-5.bin'), 3), 3);
    const leafCell = ref(ref(mcExtra, 0), 0);
    const s = leafCell.beginParse();
    assert.equal(s.loadBit(), false);
    assert.equal(s.loadUint(4), 0xa);
    const seqno = s.loadUint(32);
    const regMcSeqno = s.loadUint(32);
    const startLt = s.loadUintBig(64);
    const endLt = s.loadUintBig(64);
    const rootHash = s.loadBuffer(32);
    const fileHash = s.loadBuffer(32);
    const [beforeSplit, beforeMerge, wantSplit, wantMerge, nxCcUpdated] = [
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
    ];
    assert.equal(s.loadUint(3), 0);
    const nextCatchainSeqno = s.loadUint(32);
    const shard = s.loadUintBig(64);
    const minRefMcSeqno = s.loadUint(32);
    const genUtime = s.loadUint(32);
    assert.equal(s.loadBit(), false);
    const fees = s.loadRef().beginParse();
    const sut = beginCell()
      .storeBit(0)
      .store(
        storeShardDescr({
          shard,
          seqno,
          regMcSeqno,
          startLt,
          endLt,
          rootHash,
          fileHash,
          beforeSplit,
          beforeMerge,
          wantSplit,
          wantMerge,
          nxCcUpdated,
          nextCatchainSeqno,
          minRefMcSeqno,
          genUtime,
          feesCollected: grams(fees),
          fundsCreated: grams(fees),
        }),
      )
      .endCell();
    assert.equal(sut.hash().toString('hex'), leafCell.hash().toString('hex'));
    assert.equal(seqno, 22738548);
  });

  void it('rebuilds the shard_fees (HashmapAugE 96 ShardFeeCreated) of mainnet mc block 17734191', () => {
    const mcExtra = ref(ref(loadBlock('block-5.bin'), 3), 3);
    const s = mcExtra.beginParse();
    assert.equal(s.loadUint(16), 0xcca5);
    s.loadBit();
    s.loadMaybeRef(); // shard_hashes
    // shard_fees: HashmapAugE 96 ShardFeeCreated ShardFeeCreated
    const hasFees = s.loadBit();
    const feesRoot = hasFees ? s.loadRef() : undefined;
    const entries = feesRoot
      ? augLeaves(feesRoot, 96).map(
          ({ key, s: leaf }): [bigint, { fees: bigint; create: bigint }] => {
            grams(leaf);
            grams(leaf);
            return [key, { fees: grams(leaf), create: grams(leaf) }];
          },
        )
      : [];
    const fees = beginCell();
    buildShardFees(entries).storeE(fees);
    // The roots must match: labels, leaves and the fork extras recomputed from the leaves.
    assert.equal(fees.endCell().refs[0]?.hash().toString('hex'), feesRoot?.hash().toString('hex'));
    assert.ok(entries.length > 0);
    // This block carries no prev_blk_signatures (its misc cell holds only recover_create_msg).
    const misc = s.loadRef().beginParse();
    assert.equal(misc.loadBit(), false);
    assert.equal(misc.loadBit(), true);
  });
});
