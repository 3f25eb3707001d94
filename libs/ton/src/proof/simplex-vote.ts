import { type ProofBlockId, sameBlockId } from './block-header.check';
import { ProofError } from './proof-error';
import { sha256 } from '../tlb/validator-set';

/**
 * What validators of a Simplex consensus session sign to finalize a block, as
 * crypto/block/signature-set.cpp (BlockSignatureSetSimplex::to_sign) of
 * https://github.com/ton-blockchain/ton builds it, with the types of its tl/generate/scheme/ton_api.tl:
 *
 *   consensus.dataToSign session_id:int256 data:bytes = consensus.DataToSign;
 *   consensus.simplex.finalizeVote id:consensus.CandidateId = consensus.simplex.UnsignedVote;
 *   consensus.candidateId slot:int hash:int256 = consensus.CandidateId;
 *
 * where `hash` is the sha256 of the boxed `consensus.CandidateHashData` the signature set carries as
 * `candidate`, and that candidate must name the very block being proven:
 *
 *   consensus.candidateHashDataOrdinary block:tonNode.blockIdExt collated_file_hash:int256
 *     parent:consensus.CandidateParent = consensus.CandidateHashData;
 *   consensus.candidateHashDataEmpty block:tonNode.blockIdExt parent:consensus.candidateId
 *     = consensus.CandidateHashData;
 *   consensus.candidateParent id:consensus.CandidateId = consensus.CandidateParent;
 *   consensus.candidateWithoutParents = consensus.CandidateParent;
 *
 * Constructor ids are the crc32 of those declaration lines (as for every TL id).
 */
export const CONSENSUS_TL_IDS = {
  dataToSign: 0xa8e33df8,
  finalizeVote: 0x40a7e105,
  candidateId: 0xb691cd3f,
  candidateParent: 0x1a4b9af1,
  candidateWithoutParents: 0x22cbcca9,
  candidateHashDataOrdinary: 0xe8f9bcdc,
  candidateHashDataEmpty: 0x72b4d933,
} as const;

/** liteServer.signatureSet.simplex's fields beyond the ordinary set's. */
export interface SimplexVote {
  readonly sessionId: Buffer;
  readonly slot: number;
  /** Boxed TL `consensus.CandidateHashData`. */
  readonly candidate: Buffer;
}

/** Reads TL from a buffer, refusing to run past its end. */
class TlCursor {
  private offset = 0;

  constructor(private readonly data: Buffer) {}

  private take(n: number): Buffer {
    if (this.offset + n > this.data.length) {
      throw new ProofError('signatures', 'simplex candidate is truncated');
    }
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  uint32(): number {
    return this.take(4).readUInt32LE(0);
  }

  int32(): number {
    return this.take(4).readInt32LE(0);
  }

  int64(): bigint {
    return this.take(8).readBigInt64LE(0);
  }

  int256(): Buffer {
    return Buffer.from(this.take(32));
  }

  end(): void {
    if (this.offset !== this.data.length) {
      throw new ProofError('signatures', 'simplex candidate has trailing bytes');
    }
  }
}

/** tonNode.blockIdExt workchain:int shard:long seqno:int root_hash:int256 file_hash:int256 (bare). */
function readBlockIdExt(r: TlCursor): ProofBlockId {
  return {
    workchain: r.int32(),
    shard: BigInt.asUintN(64, r.int64()),
    seqno: r.int32(),
    rootHash: r.int256(),
    fileHash: r.int256(),
  };
}

/** The block a boxed `consensus.CandidateHashData` names; the whole buffer must be that one object. */
export function simplexCandidateBlock(candidate: Buffer): ProofBlockId {
  const r = new TlCursor(candidate);
  const kind = r.uint32();
  let block: ProofBlockId;
  if (kind === CONSENSUS_TL_IDS.candidateHashDataOrdinary) {
    block = readBlockIdExt(r);
    r.int256(); // collated_file_hash
    const parent = r.uint32();
    if (parent === CONSENSUS_TL_IDS.candidateParent) {
      if (r.uint32() !== CONSENSUS_TL_IDS.candidateId) {
        throw new ProofError(
          'signatures',
          'simplex candidate parent is not a consensus.candidateId',
        );
      }
      r.int32();
      r.int256();
    } else if (parent !== CONSENSUS_TL_IDS.candidateWithoutParents) {
      throw new ProofError('signatures', `simplex candidate parent of unknown type ${parent}`);
    }
  } else if (kind === CONSENSUS_TL_IDS.candidateHashDataEmpty) {
    block = readBlockIdExt(r);
    r.int32(); // parent: bare consensus.candidateId slot
    r.int256(); // and hash
  } else {
    throw new ProofError('signatures', `simplex candidate of unknown type ${kind}`);
  }
  r.end();
  return block;
}

function uint32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** TL `bytes`: a 1-byte length (or 0xfe and 3 bytes), the data, zero padding to 4 bytes. */
function tlBytes(data: Buffer): Buffer {
  const head =
    data.length < 254
      ? Buffer.from([data.length])
      : Buffer.from([0xfe, data.length & 0xff, (data.length >> 8) & 0xff, data.length >> 16]);
  const padding = (4 - ((head.length + data.length) % 4)) % 4;
  return Buffer.concat([head, data, Buffer.alloc(padding)]);
}

/**
 * The bytes each validator signed to finalize `block` in a Simplex session: the boxed
 * `consensus.dataToSign session_id (finalizeVote (candidateId slot sha256(candidate)))`. Throws
 * when the candidate does not name `block`.
 */
export function simplexFinalizeMessage(block: ProofBlockId, vote: SimplexVote): Buffer {
  if (vote.sessionId.length !== 32) {
    throw new ProofError('signatures', 'simplex session_id is not 32 bytes');
  }
  if (!sameBlockId(simplexCandidateBlock(vote.candidate), block)) {
    throw new ProofError('signatures', 'simplex candidate names another block');
  }
  const finalizeVote = Buffer.concat([
    uint32le(CONSENSUS_TL_IDS.finalizeVote),
    uint32le(CONSENSUS_TL_IDS.candidateId),
    uint32le(vote.slot),
    sha256(vote.candidate),
  ]);
  return Buffer.concat([
    uint32le(CONSENSUS_TL_IDS.dataToSign),
    vote.sessionId,
    tlBytes(finalizeVote),
  ]);
}
