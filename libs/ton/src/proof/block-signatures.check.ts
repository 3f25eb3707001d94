import { createPublicKey, verify } from 'node:crypto';

import { blockSignatureMessage, nodeIdShort, validatorListHashShort } from '../tlb/validator-set';
import { type ProofBlockId } from './block-header.check';
import { ProofError } from './proof-error';
import { simplexFinalizeMessage, type SimplexVote } from './simplex-vote';
import { type ValidatorEntry } from './validator-set.reader';

/**
 * liteServer.signatureSet.ordinary validator_set_hash:int catchain_seqno:int signatures:(vector
 * liteServer.signature), or liteServer.signatureSet.simplex cc_seqno:int validator_set_hash:int
 * signatures:(vector liteServer.signature) session_id:int256 slot:int candidate:bytes (`simplex` set).
 */
export interface BlockSignatureSet {
  readonly validatorSetHash: number;
  readonly catchainSeqno: number;
  readonly signatures: readonly { readonly nodeIdShort: Buffer; readonly signature: Buffer }[];
  /** Present for a Simplex consensus set: the vote the signatures are of. */
  readonly simplex?: SimplexVote;
}

/** DER prefix of an ed25519 SubjectPublicKeyInfo (RFC 8410), followed by the 32-byte key. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Checks that the validators signing a block (`signers`: the masterchain pick of the set, in signing
 * order) signed it with more than 2/3 of their total weight: an ordinary set signs TL `ton.blockId
 * root_cell_hash file_hash`, a Simplex set a finalize vote for a candidate naming the block
 * (simplex-vote.ts); weights, threshold and the set's hash are the same for both.
 * As crypto/block/check-proof.cpp and ValidatorSet::check_signatures of https://github.com/ton-blockchain/ton
 * and tonutils-go's ton/proof.go do: the set's hash over (catchain_seqno, signers) must equal the
 * signature set's validator_set_hash, a node signing twice or a signer outside the set refuses the whole
 * set, and every signature counted must verify.
 */
export function checkBlockSignatures(
  block: ProofBlockId,
  set: BlockSignatureSet,
  signers: readonly ValidatorEntry[],
): void {
  if (signers.length === 0 || set.signatures.length === 0) {
    throw new ProofError('signatures', 'no validators or no signatures');
  }
  // Bound the work before any ed25519 verification: an honest set never has more signatures than signers.
  if (set.signatures.length > signers.length) {
    throw new ProofError(
      'signatures',
      `${set.signatures.length} signatures for ${signers.length} validators`,
    );
  }
  const expectedHash = validatorListHashShort(set.catchainSeqno, signers);
  if (expectedHash !== set.validatorSetHash >>> 0) {
    throw new ProofError('signatures', 'validator_set_hash does not match the validator set');
  }
  const byNode = new Map<string, ValidatorEntry>();
  let totalWeight = 0n;
  for (const v of signers) {
    byNode.set(nodeIdShort(v.publicKey).toString('hex'), v);
    totalWeight += v.weight;
  }
  const message = set.simplex
    ? simplexFinalizeMessage(block, set.simplex)
    : blockSignatureMessage(block.rootHash, block.fileHash);
  const seen = new Set<string>();
  let signedWeight = 0n;
  for (const sig of set.signatures) {
    const node = sig.nodeIdShort.toString('hex');
    if (seen.has(node)) {
      throw new ProofError('signatures', `validator ${node} signed twice`);
    }
    seen.add(node);
    const validator = byNode.get(node);
    if (!validator) {
      throw new ProofError('signatures', `signature of ${node}, not a validator of the set`);
    }
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519_PREFIX, validator.publicKey]),
      format: 'der',
      type: 'spki',
    });
    if (sig.signature.length !== 64 || !verify(null, message, key, sig.signature)) {
      throw new ProofError('signatures', `bad signature of validator ${node}`);
    }
    signedWeight += validator.weight;
  }
  if (signedWeight * 3n <= totalWeight * 2n) {
    throw new ProofError(
      'signatures',
      `signed weight ${signedWeight} of ${totalWeight} is not over 2/3`,
    );
  }
}
