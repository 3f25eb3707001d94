import { beginCell, type Cell, type Slice } from '@ton/core';

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
 * ShardDescr (compared field by field: see descrHead).
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
  const sentHead = descrHead(sent.beginParse());
  const provenHead = descrHead(descr.leaf.beginParse().skip(1));
  if (!sentHead.equals(provenHead)) {
    throw new ProofError('shard_block', 'shard_descr is not the proven descriptor');
  }
}

/**
 * The fields of a ShardDescr that name its block and state, as bits to compare: the liteserver re-packs
 * the descriptor (McShardHash::pack in crypto/block/mc-config.cpp writes shard_descr_new#a with
 * nx_cc_updated false), so the tag, nx_cc_updated, flags and the tail may differ from the stored leaf:
 *   seq_no reg_mc_seqno start_lt end_lt root_hash file_hash before_split before_merge want_split
 *   want_merge | nx_cc_updated flags | next_catchain_seqno next_validator_shard min_ref_mc_seqno gen_utime
 */
function descrHead(s: Slice): Buffer {
  return provenParse('shard_block', 'shard_descr', () => {
    const tag = s.loadUint(4);
    if (tag !== 0xa && tag !== 0xb) {
      throw new ProofError('shard_block', `unknown ShardDescr tag 0x${tag.toString(16)}`);
    }
    const b = beginCell().storeBits(s.loadBits(32 + 32 + 64 + 64 + 256 + 256 + 4));
    s.skip(1 + 3);
    return b
      .storeBits(s.loadBits(32 + 64 + 32 + 32))
      .endCell()
      .hash(0);
  });
}
