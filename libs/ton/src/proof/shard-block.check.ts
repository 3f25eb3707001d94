import { type Cell } from '@ton/core';

import { hashmapPath, int32Key } from '../boc/dict-path';
import { loadShardDescr } from '../tlb/shard-hashes';
import { checkStateProof, type ProofBlockId } from './block-header.check';
import { keptRef, readMcStateParts } from './mc-state.reader';
import { proofRootPair } from './proof-boc';
import { ProofError, provenParse } from './proof-error';

/** A shard chain's top block as a proven masterchain state commits it. */
export interface ProvenShardTop extends ProofBlockId {
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genUtime: number;
}

/**
 * The top block of the shard holding `accountId` in workchain `workchain`, from a proven masterchain
 * state (ShardHashes of McStateExtra). The tree is descended by the account id's leading bits, so only
 * that path need be in the proof.
 */
export function provenShardTop(
  mcState: Cell,
  workchain: number,
  accountId: Buffer,
): ProvenShardTop {
  const { shardHashes } = readMcStateParts(mcState, 'shard_block');
  if (!shardHashes) {
    throw new ProofError('shard_block', `no shards at all, so none of workchain ${workchain}`);
  }
  const top = descendShardTree(shardHashes, workchain, (depth) => ({
    bit: ((accountId[depth >> 3] ?? 0) >> (7 - (depth & 7))) & 1,
    stop: false,
  }));
  if (!top) {
    throw new ProofError('shard_block', 'no shard holds the account');
  }
  return top;
}

/**
 * The descriptor of shard `shard` of `workchain` in a proven ShardHashes root: exactly that shard when
 * `exact`, else the leaf whose shard contains it (the lookup liteServer.getShardInfo and tonlib's
 * ShardConfig::get_shard_hash do). Null when the tree holds no such leaf; a pruned cell on the path
 * refuses the proof.
 */
export function provenShardDescr(
  shardHashes: Cell,
  workchain: number,
  shard: bigint,
  exact: boolean,
): ProvenShardDescr | null {
  const prefixBits = shardPrefixBits(shard);
  const found = descendShardTree(shardHashes, workchain, (depth) => ({
    bit: Number((shard >> BigInt(63 - depth)) & 1n),
    stop: depth >= prefixBits,
  }));
  return found && (!exact || found.shard === shard) ? found : null;
}

/** The number of prefix bits of a shard id: the bits above its lowest set (tag) bit. */
export function shardPrefixBits(shard: bigint): number {
  const tag = shard & -shard;
  return 63 - (tag.toString(2).length - 1);
}

/** A ShardDescr leaf as a proof keeps it: the block it names and the leaf cell itself. */
export interface ProvenShardDescr extends ProvenShardTop {
  /** The bt_leaf cell (its first bit is the bt_leaf$0 tag, then the ShardDescr). */
  readonly leaf: Cell;
}

/**
 * Descends ShardHashes (HashmapE 32 ^(BinTree ShardDescr)) of `workchain`, choosing the branch at each
 * fork with `choose(depth)`, to a leaf:
 *   bt_leaf$0 {X:Type} leaf:X = BinTree X;  bt_fork$1 {X:Type} left:^(BinTree X) right:^(BinTree X) = BinTree X;
 * The leaf is read by loadShardDescr (its head, both constructors).
 */
function descendShardTree(
  shardHashes: Cell,
  workchain: number,
  choose: (depth: number) => { bit: number; stop: boolean },
): ProvenShardDescr | null {
  return provenParse('shard_block', 'ShardHashes', () => {
    const path = hashmapPath(shardHashes, int32Key(workchain), 32);
    if (!path.value) {
      return null;
    }
    let node = path.value.loadRef();
    let shard = 0x8000000000000000n;
    let depth = 0;
    for (;;) {
      if (node.isExotic) {
        throw new ProofError('shard_block', 'shard tree is pruned on the path');
      }
      const s = node.beginParse();
      if (!s.loadBit()) {
        const descr = loadShardDescr(s, workchain, shard);
        return {
          workchain,
          shard,
          seqno: descr.seqno,
          rootHash: descr.rootHash,
          fileHash: descr.fileHash,
          startLt: descr.startLt,
          endLt: descr.endLt,
          genUtime: descr.genUtime,
          leaf: node,
        };
      }
      if (depth >= 60) {
        throw new ProofError('shard_block', 'shard tree deeper than 60');
      }
      const { bit, stop } = choose(depth);
      if (stop) {
        return null; // the asked shard is split further: no one descriptor is its
      }
      const step = (shard & -shard) >> 1n;
      shard = bit ? shard + step : shard - step;
      node = keptRef(node, bit, 'shard_block', 'shard tree branch');
      depth++;
    }
  });
}

/**
 * shard_proof of an account answer: {masterchain block proof, masterchain state proof keeping
 * ShardHashes}, checked against the trusted masterchain block; returns the account's shard top.
 */
export function checkShardProof(
  shardProof: Buffer,
  mcBlock: ProofBlockId,
  workchain: number,
  accountId: Buffer,
): ProvenShardTop {
  const [blockProof, stateProof] = proofRootPair(shardProof, 'shard_block', 'shard_proof');
  const { state } = checkStateProof(blockProof, stateProof, mcBlock);
  return provenShardTop(state, workchain, accountId);
}
