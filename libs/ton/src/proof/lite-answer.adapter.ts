import type {
  liteServer_accountState,
  liteServer_runMethodResult,
  liteServer_BlockLink,
  liteServer_partialBlockProof,
  liteServer_SignatureSet,
  tonNode_blockIdExt,
} from '../lite-api/lite-api-schema.generated';
import { type AccountStateAnswer } from './account-state.check';
import { type RunMethodAnswer } from './run-method.check';
import { type ProofBlockId } from './block-header.check';
import { type BlockLink, type PartialBlockProof } from './block-link.check';
import { type BlockSignatureSet } from './block-signatures.check';

/**
 * lite_api answers (as TL codecs decode them) in the shapes the verifiers take. The TL `long` shard
 * arrives as a signed decimal string; the verifiers use the unsigned 64-bit value BlockInfo holds.
 */
export function proofBlockId(id: tonNode_blockIdExt): ProofBlockId {
  return {
    workchain: id.workchain,
    shard: BigInt.asUintN(64, BigInt(id.shard)),
    seqno: id.seqno,
    rootHash: Buffer.from(id.rootHash),
    fileHash: Buffer.from(id.fileHash),
  };
}

export function blockLink(link: liteServer_BlockLink): BlockLink {
  if (link.kind === 'liteServer.blockLinkBack') {
    return {
      kind: 'backward',
      toKeyBlock: link.toKeyBlock,
      from: proofBlockId(link.from),
      to: proofBlockId(link.to),
      destProof: Buffer.from(link.destProof),
      proof: Buffer.from(link.proof),
      stateProof: Buffer.from(link.stateProof),
    };
  }
  return {
    kind: 'forward',
    toKeyBlock: link.toKeyBlock,
    from: proofBlockId(link.from),
    to: proofBlockId(link.to),
    destProof: Buffer.from(link.destProof),
    configProof: Buffer.from(link.configProof),
    signatures: signatureSet(link.signatures),
  };
}

function signatureSet(set: liteServer_SignatureSet): BlockSignatureSet {
  const signatures = set.signatures.map((s) => ({
    nodeIdShort: Buffer.from(s.nodeIdShort),
    signature: Buffer.from(s.signature),
  }));
  if (set.kind === 'liteServer.signatureSet.ordinary') {
    return {
      validatorSetHash: set.validatorSetHash,
      catchainSeqno: set.catchainSeqno,
      signatures,
    };
  }
  return {
    validatorSetHash: set.validatorSetHash,
    catchainSeqno: set.ccSeqno,
    signatures,
    simplex: {
      sessionId: Buffer.from(set.sessionId),
      slot: set.slot,
      candidate: Buffer.from(set.candidate),
    },
  };
}

export function partialBlockProof(proof: liteServer_partialBlockProof): PartialBlockProof {
  return {
    complete: proof.complete,
    from: proofBlockId(proof.from),
    to: proofBlockId(proof.to),
    steps: proof.steps.map(blockLink),
  };
}

export function accountStateAnswer(answer: liteServer_accountState): AccountStateAnswer {
  return {
    id: proofBlockId(answer.id),
    shardblk: proofBlockId(answer.shardblk),
    shardProof: Buffer.from(answer.shardProof),
    proof: Buffer.from(answer.proof),
    state: Buffer.from(answer.state),
  };
}

export function runMethodAnswer(answer: liteServer_runMethodResult): RunMethodAnswer {
  const bytes = (b: Uint8Array | null): Buffer | null => (b === null ? null : Buffer.from(b));
  return {
    mode: answer.mode,
    id: proofBlockId(answer.id),
    shardblk: proofBlockId(answer.shardblk),
    shardProof: bytes(answer.shardProof),
    proof: bytes(answer.proof),
    stateProof: bytes(answer.stateProof),
  };
}
