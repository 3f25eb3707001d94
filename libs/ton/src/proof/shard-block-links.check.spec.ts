import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { type Cell } from '@ton/core';

import { readShardHashes } from '../block/shard-hashes.reader';
import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';
import { CellSet } from '../boc/cell-set';
import { buildMerkleProof } from '../boc/merkle-proof';
import { type ProofBlockId } from './block-header.check';
import { headerProof, mainnetBlock } from './block-proofs.test-util';
import { flipByte } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';
import { checkShardBlockLinks } from './shard-block-links.check';
import { provenShardDescr } from './shard-block.check';

const refused = (e: unknown) => e instanceof ProofError && e.reason === 'shard_block';
const boc = (c: Cell) => c.toBoc({ idx: false, crc32: false });

/** Proof of a masterchain block keeping Block -> BlockExtra -> McBlockExtra -> ShardHashes whole. */
function mcShardHashesProof(block: Cell): Cell {
  const extra = block.refs[3]!;
  const mcExtra = extra.refs[3]!;
  return buildMerkleProof(block, CellSet.of(block, extra, mcExtra).addSubtree(mcExtra.refs[0]!));
}

void describe('getShardBlockProof links from mainnet masterchain block 17734191 (block-5)', () => {
  const { root, id: mc } = mainnetBlock('block-5.bin', -1, 0x8000000000000000n, 17734191);
  const tops = readShardHashes(root.refs[3]!.refs[3]!);
  const first = tops[0]!;
  const top: ProofBlockId = {
    workchain: first.workchain,
    shard: BigInt.asUintN(64, first.shard),
    seqno: first.seqno,
    rootHash: Buffer.from(first.rootHash, 'base64'),
    fileHash: Buffer.from(first.fileHash, 'base64'),
  };
  const link = { id: top, proof: boc(mcShardHashesProof(root)) };

  void it('proves the shard top the masterchain block commits', () => {
    assert.equal(top.workchain, 0);
    assert.ok(tops.length >= 1);
    checkShardBlockLinks(mc, [link], top);
    const extra = root.refs[3]!.refs[3]!;
    const descr = provenShardDescr(extra.refs[0]!, 0, top.shard, true);
    assert.equal(descr?.seqno, top.seqno);
  });

  void it('refuses a top with another hash, a chain ending elsewhere, a forged ShardHashes', () => {
    const otherTop = { ...top, rootHash: flipByte(top.rootHash, 1) };
    assert.throws(() => {
      checkShardBlockLinks(mc, [{ ...link, id: otherTop }], otherTop);
    }, refused);
    assert.throws(() => {
      checkShardBlockLinks(mc, [link], { ...top, seqno: top.seqno - 1 });
    }, /links end at/);
    const proofCell = mcShardHashesProof(root);
    const virtualRoot = proofCell.refs[0]!;
    const shardHashes = virtualRoot.refs[3]!.refs[3]!.refs[0]!;
    const forged = rewrapProof(
      replaceCell(virtualRoot, shardHashes.hash(0), flipBit(shardHashes, 0)),
    );
    assert.throws(() => {
      checkShardBlockLinks(mc, [{ id: top, proof: boc(forged) }], top);
    }, /proves .*, expected/);
  });

  void it('refuses a header proof in place of the masterchain link, and more than 8 links', () => {
    assert.throws(() => {
      checkShardBlockLinks(mc, [{ id: top, proof: boc(headerProof(root)) }], top);
    }, refused);
    assert.throws(() => {
      checkShardBlockLinks(mc, Array(9).fill(link), top);
    }, /more than 8/);
  });
});
