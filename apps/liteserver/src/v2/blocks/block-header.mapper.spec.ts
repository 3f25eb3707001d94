import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixture } from '@app/testing';
import { CellSet, blockInfoCell, buildMerkleProof, type ExtBlkRef } from '@app/ton';
import { beginCell, Cell } from '@ton/core';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { toBlocksHeader } from './block-header.mapper';

const MAINNET_GLOBAL_ID = -239;

function id(workchain: number, shard: string, seqno: number, rootHash: Buffer): tonNode_blockIdExt {
  return {
    kind: 'tonNode.blockIdExt',
    workchain,
    shard,
    seqno,
    rootHash,
    fileHash: Buffer.alloc(32, 0xfe),
  };
}

function hash(byte: number): Buffer {
  return Buffer.alloc(32, byte);
}

function ref(seqno: number, byte: number): ExtBlkRef {
  return { endLt: 1000n, seqno, rootHash: hash(byte), fileHash: hash(byte + 1) };
}

/** A header proof like a liteserver's: the Block with its BlockInfo (and the info's refs) kept. */
function headerProof(info: Cell, globalId: number): { proof: Cell; rootHash: Buffer } {
  const block = beginCell()
    .storeUint(0x11ef55aa, 32)
    .storeInt(globalId, 32)
    .storeRef(info)
    .storeRef(beginCell().storeUint(7, 8))
    .endCell();
  return {
    // Liteservers build it by unpacking the predecessors (unpack_block_prev_blk_try), so the whole
    // BlockInfo subtree, prev1/prev2 of a merge included, is kept.
    proof: buildMerkleProof(block, CellSet.of(block).addSubtree(info)),
    rootHash: block.hash(),
  };
}

describe('toBlocksHeader', () => {
  it('reads a mainnet shard block header proof (fixtures/mainnet/accounts/accountProof.txt)', () => {
    const text = readFixture('mainnet', 'accounts', 'accountProof.txt').toString('utf8').trim();
    const proof = Cell.fromBoc(Buffer.from(text, 'base64'))[0];
    assert.ok(proof);
    const block = proof.refs[0];
    assert.ok(block);
    const sut = toBlocksHeader(id(0, '-9223372036854775808', 31618192, block.hash(0)), proof);
    // Values the fixture README documents for this block: mainnet, lt 33950051000000–…006,
    // gen_utime 2022-12-25T21:33:35Z; the predecessor of an unsplit shard block is seqno − 1.
    assert.equal(sut.global_id, MAINNET_GLOBAL_ID);
    assert.equal(sut.start_lt, '33950051000000');
    assert.equal(sut.end_lt, '33950051000006');
    assert.equal(sut.gen_utime, Date.UTC(2022, 11, 25, 21, 33, 35) / 1000);
    assert.equal(sut.after_merge, false);
    assert.equal(sut.after_split, false);
    assert.deepEqual(
      sut.prev_blocks.map((p) => [p.workchain, p.shard, p.seqno]),
      [[0, '-9223372036854775808', 31618191]],
    );
    assert.equal(sut.id.root_hash, block.hash(0).toString('base64'));
  });

  const base = {
    version: 3,
    keyBlock: false,
    genUtime: 1_700_000_123,
    startLt: 5_000_000n,
    endLt: 5_000_004n,
    genValidatorListHashShort: 0xdeadbeef,
    genCatchainSeqno: 17,
    minRefMcSeqno: 40,
    prevKeyBlockSeqno: 33,
  };

  it('renders every field and the masterchain predecessor', () => {
    const info = blockInfoCell({
      ...base,
      workchain: -1,
      shard: 0x8000000000000000n,
      seqno: 42,
      keyBlock: true,
      wantSplit: true,
      genSoftware: { version: 9, capabilities: 0x2en },
      prev: [ref(41, 0x11)],
    });
    const { proof, rootHash } = headerProof(info, -217);
    assert.deepEqual(toBlocksHeader(id(-1, '-9223372036854775808', 42, rootHash), proof), {
      '@type': 'blocks.header',
      id: {
        '@type': 'ton.blockIdExt',
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: 42,
        root_hash: rootHash.toString('base64'),
        file_hash: hash(0xfe).toString('base64'),
      },
      global_id: -217,
      version: 3,
      flags: 1,
      after_merge: false,
      after_split: false,
      before_split: false,
      want_merge: false,
      want_split: true,
      // uint32 0xdeadbeef as tonlib's int32.
      validator_list_hash_short: -559038737,
      catchain_seqno: 17,
      min_ref_mc_seqno: 40,
      is_key_block: true,
      prev_key_block_seqno: 33,
      start_lt: '5000000',
      end_lt: '5000004',
      gen_utime: 1_700_000_123,
      vert_seqno: 0,
      prev_blocks: [
        {
          '@type': 'ton.blockIdExt',
          workchain: -1,
          shard: '-9223372036854775808',
          seqno: 41,
          root_hash: hash(0x11).toString('base64'),
          file_hash: hash(0x12).toString('base64'),
        },
      ],
    });
  });

  it('names the two children after a merge and the parent after a split', () => {
    const merged = blockInfoCell({
      ...base,
      workchain: 0,
      shard: 0x4000000000000000n,
      seqno: 9,
      masterRef: ref(50, 0x20),
      prev: [ref(8, 0x30), ref(7, 0x40)],
    });
    const m = headerProof(merged, -217);
    const mergedHeader = toBlocksHeader(id(0, '4611686018427387904', 9, m.rootHash), m.proof);
    assert.equal(mergedHeader.after_merge, true);
    assert.deepEqual(
      mergedHeader.prev_blocks.map((p) => [p.shard, p.seqno, p.root_hash]),
      [
        // ton::shard_child of 0x4000000000000000: 0x2000000000000000 and 0x6000000000000000.
        ['2305843009213693952', 8, hash(0x30).toString('base64')],
        ['6917529027641081856', 7, hash(0x40).toString('base64')],
      ],
    );

    const split = blockInfoCell({
      ...base,
      workchain: 0,
      shard: 0xe000000000000000n,
      seqno: 12,
      afterSplit: true,
      masterRef: ref(50, 0x20),
      prev: [ref(11, 0x50)],
    });
    const s = headerProof(split, -217);
    const splitHeader = toBlocksHeader(id(0, '-2305843009213693952', 12, s.rootHash), s.proof);
    assert.equal(splitHeader.after_split, true);
    // ton::shard_parent of 0xe000000000000000 is 0xc000000000000000.
    assert.deepEqual(
      splitHeader.prev_blocks.map((p) => [p.workchain, p.shard, p.seqno]),
      [[0, '-4611686018427387904', 11]],
    );
  });

  it('rejects a proof of another block than the one asked for', () => {
    const info = blockInfoCell({
      ...base,
      workchain: -1,
      shard: 0x8000000000000000n,
      seqno: 42,
      prev: [ref(41, 0x11)],
    });
    const { proof } = headerProof(info, -217);
    assert.throws(
      () => toBlocksHeader(id(-1, '-9223372036854775808', 42, hash(0x99)), proof),
      /does not prove the requested block/,
    );
    assert.throws(
      () => toBlocksHeader(id(-1, '-9223372036854775808', 42, hash(0x99)), info),
      /not a Merkle proof/,
    );
  });
});
