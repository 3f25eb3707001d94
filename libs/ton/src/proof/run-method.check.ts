import { type Cell, CellType } from '@ton/core';

import { checkAccountLeaf, type ProvenAccountLeaf } from './account-state.check';
import { type ProofBlockId } from './block-header.check';
import { proofRoot } from './proof-boc';
import { ProofError } from './proof-error';

/** runSmcMethod mode bit 0: shard_proof and proof (the account's shard block and shard state). */
export const RUN_METHOD_SHARD_PROOFS = 1;
/** runSmcMethod mode bit 1: state_proof (a Merkle proof of the Account cell the method ran on). */
export const RUN_METHOD_STATE_PROOF = 2;

/**
 * liteServer.runMethodResult mode:# id shardblk shard_proof:mode.0?bytes proof:mode.0?bytes
 *   state_proof:mode.1?bytes init_c7:mode.3?bytes lib_extras:mode.4?bytes exit_code:int result:mode.2?bytes
 * (lite_api.tl of https://github.com/ton-blockchain/ton), the fields a proof check reads.
 */
export interface RunMethodAnswer {
  readonly mode: number;
  readonly id: ProofBlockId;
  readonly shardblk: ProofBlockId;
  readonly shardProof: Buffer | null;
  readonly proof: Buffer | null;
  readonly stateProof: Buffer | null;
}

/**
 * Checks that a runSmcMethod answer ran on account `workchain:accountId` as it is at the trusted
 * masterchain block `mcBlock`, as tonlib's RemoteRunSmcMethod and lite-client's run_smc_method do
 * (block::AccountState::validate with `is_virtualized`, crypto/block/check-proof.cpp):
 *  - both proof mode bits were answered (a liteserver that drops them proves nothing);
 *  - shard_proof and proof prove the shard block and the account's ShardAccount leaf, exactly as
 *    for getAccountState (checkAccountLeaf);
 *  - state_proof is a Merkle proof whose virtual root hashes to the Account the leaf references
 *    (the liteserver prunes what the method did not read); an absent account has an empty one.
 * The exit code and the result stack are the liteserver's word: nothing in the answer proves what
 * the TVM computed from that state.
 */
export function checkRunMethodResult(
  answer: RunMethodAnswer,
  mcBlock: ProofBlockId,
  workchain: number,
  accountId: Buffer,
): ProvenAccountLeaf {
  const wanted = RUN_METHOD_SHARD_PROOFS | RUN_METHOD_STATE_PROOF;
  if ((answer.mode & wanted) !== wanted) {
    throw new ProofError(
      'run_method',
      `answered with mode ${String(answer.mode)}, without the proofs of mode ${String(wanted)}`,
    );
  }
  const { shardProof, proof, stateProof } = answer;
  if (!shardProof || !proof || !stateProof) {
    throw new ProofError('run_method', 'the answer has no shard_proof, proof or state_proof');
  }
  const account = stateProof.length === 0 ? null : accountOfStateProof(stateProof);
  try {
    return checkAccountLeaf(
      { id: answer.id, shardblk: answer.shardblk, shardProof, proof },
      mcBlock,
      workchain,
      accountId,
      account,
    );
  } catch (error) {
    // Counted as a runSmcMethod failure, whichever of its account proofs failed.
    if (error instanceof ProofError) {
      throw new ProofError('run_method', error.message);
    }
    throw error;
  }
}

/** The virtual root of state_proof (MERKLE_PROOF Account); its hash(0) is checked against the leaf. */
function accountOfStateProof(stateProof: Buffer): Cell {
  const proof = proofRoot(stateProof, 'run_method', 'state_proof');
  const root = proof.refs[0];
  if (proof.type !== CellType.MerkleProof || !root) {
    throw new ProofError('run_method', 'state_proof is not a Merkle proof');
  }
  return root;
}
