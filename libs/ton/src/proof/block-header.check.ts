import { type Cell, CellType } from '@ton/core';

import { type BlockInfo, loadBlockInfo } from '../tlb/block-info';
import { checkMerkleProof } from './merkle-proof.check';
import { ProofError, type ProofFailure, provenParse } from './proof-error';

/** A block named by its full id: what a proof is checked against. */
export interface ProofBlockId {
  readonly workchain: number;
  /** Unsigned 64-bit shard id. */
  readonly shard: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

/** Whether two ids name the same block (hashes included). */
export function sameBlockId(a: ProofBlockId, b: ProofBlockId): boolean {
  return (
    a.workchain === b.workchain &&
    a.shard === b.shard &&
    a.seqno === b.seqno &&
    a.rootHash.equals(b.rootHash) &&
    a.fileHash.equals(b.fileHash)
  );
}

/** A block header proven to belong to a block id. */
export interface ProvenBlockHeader {
  readonly info: BlockInfo;
  readonly globalId: number;
  /** Root hash of the state after the block (new_hash of state_update): what its state proofs unwrap to. */
  readonly stateHash: Buffer;
  /** The Block cell of the proof (pruned where the proof prunes). */
  readonly block: Cell;
}

const BLOCK_TAG = 0x11ef55aa;
const MERKLE_UPDATE_TAG = 4;

/**
 * Checks a block (header) proof against the block id it is said to be of:
 *
 *   block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow
 *     state_update:^(MERKLE_UPDATE ShardState) extra:^BlockExtra = Block;
 *   !merkle_update#04 {X:Type} old_hash:bits256 new_hash:bits256 old_depth:uint16 new_depth:uint16
 *     old:^X new:^X = MERKLE_UPDATE X;
 *
 * The proof's virtual root must hash to id.rootHash, and BlockInfo's workchain, shard and seqno must be
 * the id's (a liteserver could otherwise prove some other block under the asked-for name).
 */
export function checkBlockHeaderProof(proof: Cell, id: ProofBlockId): ProvenBlockHeader {
  const { info, globalId, block } = checkBlockInfoProof(proof, id, 'block_header');
  return provenParse('block_header', 'block proof', () => {
    const stateUpdate = block.refs[2];
    if (stateUpdate?.type !== CellType.MerkleUpdate) {
      throw new ProofError('block_header', 'block proof prunes state_update');
    }
    const u = stateUpdate.beginParse(true);
    if (u.loadUint(8) !== MERKLE_UPDATE_TAG) {
      throw new ProofError('block_header', 'state_update is not a MERKLE_UPDATE');
    }
    u.skip(256);
    return { info, globalId, stateHash: u.loadBuffer(32), block };
  });
}

/**
 * The part of checkBlockHeaderProof that needs only BlockInfo (and its refs): what proofs that prune
 * state_update keep — the links of getShardBlockProof, a transaction proof of listBlockTransactions.
 */
export function checkBlockInfoProof(
  proof: Cell,
  id: ProofBlockId,
  reason: ProofFailure,
): { info: BlockInfo; globalId: number; block: Cell } {
  const block = checkMerkleProof(proof, id.rootHash, reason, 'block proof');
  return provenParse(reason, 'block proof', () => {
    const s = block.beginParse();
    if (s.loadUint(32) !== BLOCK_TAG) {
      throw new ProofError(reason, 'proof root is not a Block');
    }
    const globalId = s.loadInt(32);
    const infoCell = block.refs[0];
    if (!infoCell || infoCell.isExotic) {
      throw new ProofError(reason, 'block proof prunes BlockInfo');
    }
    const info = loadBlockInfo(infoCell);
    if (info.workchain !== id.workchain || info.shard !== id.shard || info.seqno !== id.seqno) {
      throw new ProofError(
        reason,
        `proof is of block (${info.workchain},${info.shard.toString(16)},${info.seqno}), expected ` +
          `(${id.workchain},${id.shard.toString(16)},${id.seqno})`,
      );
    }
    return { info, globalId, block };
  });
}

/**
 * Checks the two roots {block proof, state proof} that account, config and shard answers carry, and
 * returns the proven ShardStateUnsplit root (pruned where the proof prunes).
 */
export function checkStateProof(
  blockProof: Cell,
  stateProof: Cell,
  id: ProofBlockId,
): { header: ProvenBlockHeader; state: Cell } {
  const header = checkBlockHeaderProof(blockProof, id);
  const state = checkMerkleProof(stateProof, header.stateHash, 'merkle_proof', 'state proof');
  return { header, state };
}
