import { type Cell, CellType } from '@ton/core';

import { ProofError, type ProofFailure } from './proof-error';

/**
 * Unwraps a Merkle proof whose virtual root must be the cell of hash `expectedHash`:
 *
 *   !merkle_proof#03 {X:Type} virtual_hash:bits256 depth:uint16 virtual_root:^X = MERKLE_PROOF X;
 *
 * @ton/core already refuses a MERKLE_PROOF cell whose stored virtual_hash differs from its child's
 * level-0 hash, so the child's hash(0) is the hash of the original (unpruned) tree. Everything read
 * below the returned root is covered by that hash; a pruned branch is where reading must stop.
 */
export function checkMerkleProof(
  proof: Cell,
  expectedHash: Buffer,
  reason: ProofFailure,
  what: string,
): Cell {
  if (proof.type !== CellType.MerkleProof) {
    throw new ProofError(reason, `${what} is not a Merkle proof cell`);
  }
  const root = proof.refs[0];
  if (!root) {
    throw new ProofError(reason, `${what} has no virtual root`);
  }
  if (!root.hash(0).equals(expectedHash)) {
    throw new ProofError(
      reason,
      `${what} proves ${root.hash(0).toString('hex')}, expected ${expectedHash.toString('hex')}`,
    );
  }
  return root;
}
