import { sign } from 'node:crypto';
import { crc32 } from 'node:zlib';

import { TLWriteBuffer } from 'ton-tl';

import { sha256 } from '@app/ton';

import type { BlockIdExt, StoredSimplexCertificate } from './chain-reader';
import type { LocalValidator } from './local-validators';

/**
 * A TL constructor id: the crc32 of its declaration line, as ton's TL parser computes it. The lines
 * are those of tl/generate/scheme/ton_api.tl in https://github.com/ton-blockchain/ton, spelled here
 * so the bytes the local validators sign do not come from the verifier that checks them.
 */
const tlId = (declaration: string): number => crc32(declaration);

const DATA_TO_SIGN = tlId(
  'consensus.dataToSign session_id:int256 data:bytes = consensus.DataToSign',
);
const FINALIZE_VOTE = tlId(
  'consensus.simplex.finalizeVote id:consensus.CandidateId = consensus.simplex.UnsignedVote',
);
const CANDIDATE_ID = tlId('consensus.candidateId slot:int hash:int256 = consensus.CandidateId');
const CANDIDATE_PARENT = tlId(
  'consensus.candidateParent id:consensus.CandidateId = consensus.CandidateParent',
);
const WITHOUT_PARENTS = tlId('consensus.candidateWithoutParents = consensus.CandidateParent');
const HASH_DATA_ORDINARY = tlId(
  'consensus.candidateHashDataOrdinary block:tonNode.blockIdExt collated_file_hash:int256 parent:consensus.CandidateParent = consensus.CandidateHashData',
);

/** The local network collates no extra data: its collated file is empty. */
const EMPTY_COLLATED_FILE_HASH = sha256(Buffer.alloc(0));

function build(write: (w: TLWriteBuffer) => void): Buffer {
  const w = new TLWriteBuffer();
  write(w);
  return w.build();
}

/** The Simplex session of a validator set: one per set, as a validator group has one. */
export function simplexSessionId(validators: readonly LocalValidator[]): Buffer {
  return sha256(
    Buffer.concat([Buffer.from('localnet simplex session'), ...validators.map((v) => v.publicKey)]),
  );
}

/**
 * Boxed consensus.candidateHashDataOrdinary naming `block`, with the candidate before it in the same
 * session as its parent (consensus.candidateParent), or none for a session's first block.
 */
export function simplexCandidate(
  block: BlockIdExt,
  parent: { readonly slot: number; readonly candidate: Buffer } | undefined,
): Buffer {
  return build((w) => {
    w.writeUInt32(HASH_DATA_ORDINARY);
    w.writeInt32(block.workchain);
    w.writeInt64(BigInt.asIntN(64, block.shard).toString());
    w.writeInt32(block.seqno);
    w.writeInt256(block.rootHash);
    w.writeInt256(block.fileHash);
    w.writeInt256(EMPTY_COLLATED_FILE_HASH);
    if (parent === undefined) {
      w.writeUInt32(WITHOUT_PARENTS);
    } else {
      w.writeUInt32(CANDIDATE_PARENT);
      w.writeUInt32(CANDIDATE_ID);
      w.writeInt32(parent.slot);
      w.writeInt256(sha256(parent.candidate));
    }
  });
}

/**
 * What a validator signs to finalize a candidate: boxed consensus.dataToSign session_id
 * data:(boxed consensus.simplex.finalizeVote (boxed consensus.candidateId slot sha256(candidate))).
 */
export function simplexFinalizeBytes(sessionId: Buffer, slot: number, candidate: Buffer): Buffer {
  const vote = build((w) => {
    w.writeUInt32(FINALIZE_VOTE);
    w.writeUInt32(CANDIDATE_ID);
    w.writeInt32(slot);
    w.writeInt256(sha256(candidate));
  });
  return build((w) => {
    w.writeUInt32(DATA_TO_SIGN);
    w.writeInt256(sessionId);
    w.writeBuffer(vote);
  });
}

/**
 * Every validator's finalize vote for masterchain block `id` in a Simplex session: the slot is the
 * block's seqno, the parent the previous block's candidate when it was finalized in the same session.
 */
export function signSimplexFinalize(
  validators: readonly LocalValidator[],
  id: BlockIdExt,
  previous: StoredSimplexCertificate | undefined,
): StoredSimplexCertificate {
  const sessionId = simplexSessionId(validators);
  const parent = previous?.sessionId.equals(sessionId) === true ? previous : undefined;
  const candidate = simplexCandidate(id, parent);
  const message = simplexFinalizeBytes(sessionId, id.seqno, candidate);
  return {
    sessionId,
    slot: id.seqno,
    candidate,
    signatures: validators.map((v) => ({
      nodeIdShort: v.nodeIdShort,
      signature: sign(null, message, v.privateKey),
    })),
  };
}
