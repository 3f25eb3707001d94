import { beginCell, type Cell } from '@ton/core';

import { checkStateProof, type ProofBlockId, sameBlockId } from './block-header.check';
import { readMcStateParts } from './mc-state.reader';
import { bocRoots, proofRoot, proofRootPair } from './proof-boc';
import { ProofError, provenParse } from './proof-error';
import { provenShardDescr } from './shard-block.check';

/** The proven masterchain state of a {block proof, state proof} pair (shard_proof, allShardsInfo.proof). */
function provenMcState(proofPair: Buffer, mc: ProofBlockId, what: string): Cell {
  const [blockProof, stateProof] = proofRootPair(proofPair, 'shard_block', what);
  return checkStateProof(blockProof, stateProof, mc).state;
}

/**
 * liteServer.allShardsInfo id proof data (getAllShardsInfo at proven masterchain block `mc`): `proof`
 * is {block proof, state proof} of `mc` (perform_getAllShardsInfo), and `data` a cell holding
 * ShardHashes as `Maybe ^root` (append_dict_to_bool); that root must be the proven state's
 * shard_hashes (equal hash), so every shard top read from it is the committed one.
 */
export function checkAllShardsInfo(
  answer: { readonly proof: Buffer; readonly data: Buffer },
  mc: ProofBlockId,
): void {
  const state = provenMcState(answer.proof, mc, 'allShardsInfo proof');
  const { shardHashes } = readMcStateParts(state, 'shard_block');
  const [root, ...rest] = bocRoots(answer.data, 'shard_block', 'allShardsInfo data');
  if (!root || rest.length > 0) {
    throw new ProofError('shard_block', 'allShardsInfo data must have one root');
  }
  const sent = provenParse('shard_block', 'allShardsInfo data', () =>
    root.beginParse().loadBit() ? (root.refs[0] ?? null) : null,
  );
  if (!sent || !shardHashes) {
    if (sent || shardHashes) {
      throw new ProofError('shard_block', 'shard list present on one side only');
    }
    return;
  }
  if (!sent.hash(0).equals(shardHashes.hash(0))) {
    throw new ProofError('shard_block', 'the shard list is not the proven ShardHashes');
  }
}

/**
 * liteServer.shardInfo id shardblk shard_proof shard_descr (getShardInfo workchain shard exact at proven
 * masterchain block `mc`): the proven state's ShardHashes must hold the asked shard (exactly, or the
 * leaf containing it), `shardblk` must be the block that leaf names, and `shard_descr` that leaf's
 * ShardDescr (the bt_leaf without its tag bit).
 */
export function checkShardInfo(
  answer: {
    readonly shardblk: ProofBlockId;
    readonly shardProof: Buffer;
    readonly shardDescr: Buffer;
  },
  mc: ProofBlockId,
  asked: { readonly workchain: number; readonly shard: bigint; readonly exact: boolean },
): void {
  const state = provenMcState(answer.shardProof, mc, 'shard_proof');
  const { shardHashes } = readMcStateParts(state, 'shard_block');
  const descr = shardHashes
    ? provenShardDescr(shardHashes, asked.workchain, asked.shard, asked.exact)
    : null;
  if (!descr) {
    throw new ProofError('shard_block', 'the proven shard list has no such shard');
  }
  if (!sameBlockId(descr, answer.shardblk)) {
    throw new ProofError('shard_block', `shardblk is not the shard's top in block ${mc.seqno}`);
  }
  const sent = proofRoot(answer.shardDescr, 'shard_block', 'shard_descr');
  const asLeaf = provenParse('shard_block', 'shard_descr', () =>
    beginCell().storeBit(0).storeSlice(sent.beginParse()).endCell(),
  );
  if (!asLeaf.hash(0).equals(descr.leaf.hash(0))) {
    throw new ProofError('shard_block', 'shard_descr is not the proven descriptor');
  }
}
