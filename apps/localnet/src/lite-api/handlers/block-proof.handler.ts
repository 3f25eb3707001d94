import { type LiteApiSchema, loadBlockInfoOfBlock } from '@app/ton';
import type { ChainReader, StoredBlock, StoredSignature } from '../../chain/chain-reader';
import { requireMasterchainBlock, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { blockHeaderProof, boc, keyBlockConfigProof, prevBlocksStateProof } from '../proofs';
import { encodeTl } from '../tl-encode';

/** Config params holding the validator sets a forward link is checked against (p34 current, p28
 *  catchain config). */
const VALIDATOR_PARAMS = [28, 34];

/**
 * The validator set and catchain a signature set belongs to: the signed block's own
 * gen_validator_list_hash_short and gen_catchain_seqno (BlockInfo), as a validator session writes
 * them; a zero state has no header and no signatures.
 */
function signedBy(block: StoredBlock): { validatorSetHash: number; catchainSeqno: number } {
  if (block.block === null) {
    return { validatorSetHash: 0, catchainSeqno: 0 };
  }
  const info = loadBlockInfoOfBlock(block.block);
  // TL's `int` is signed: the uint32 hash travels as its two's-complement int32.
  return {
    validatorSetHash: info.genValidatorListHashShort | 0,
    catchainSeqno: info.genCatchainSeqno | 0,
  };
}

/** The key block (or zero state) a forward link from `known` starts at. */
function linkSource(chain: ChainReader, known: StoredBlock): StoredBlock {
  if (known.isKeyBlock || known.id.seqno === 0) {
    return known;
  }
  return chain.masterchainBlock(known.prevKeyBlockSeqno ?? 0) ?? chain.zeroState();
}

type BlockLink = LiteApiSchema.liteServer_BlockLink;

function tlSignatures(
  signatures: readonly StoredSignature[],
): LiteApiSchema.liteServer_signature[] {
  return signatures.map((s) => ({
    kind: 'liteServer.signature',
    nodeIdShort: s.nodeIdShort,
    signature: s.signature,
  }));
}

/**
 * The signatures a forward link to `to` carries: the Simplex finalize certificate of a chain signing
 * with Simplex sets (liteServer.signatureSet.simplex, as the C++ liteserver serves mainnet's key-block
 * chain since 2026), else the ordinary set.
 */
function signatureSet(to: StoredBlock): LiteApiSchema.liteServer_SignatureSet {
  const { validatorSetHash, catchainSeqno } = signedBy(to);
  if (to.simplex !== undefined) {
    return {
      kind: 'liteServer.signatureSet.simplex',
      ccSeqno: catchainSeqno,
      validatorSetHash,
      signatures: tlSignatures(to.simplex.signatures),
      sessionId: to.simplex.sessionId,
      slot: to.simplex.slot,
      candidate: to.simplex.candidate,
    };
  }
  return {
    kind: 'liteServer.signatureSet.ordinary',
    validatorSetHash,
    catchainSeqno,
    signatures: tlSignatures(to.signatures ?? []),
  };
}

function forwardLink(from: StoredBlock, to: StoredBlock): BlockLink {
  return {
    kind: 'liteServer.blockLinkForward',
    toKeyBlock: to.isKeyBlock,
    from: toTlBlockId(from.id),
    to: toTlBlockId(to.id),
    destProof: boc(blockHeaderProof(to)),
    configProof: boc(keyBlockConfigProof(from, VALIDATOR_PARAMS)),
    signatures: signatureSet(to),
  };
}

function backwardLink(from: StoredBlock, to: StoredBlock): BlockLink {
  return {
    kind: 'liteServer.blockLinkBack',
    toKeyBlock: to.isKeyBlock,
    from: toTlBlockId(from.id),
    to: toTlBlockId(to.id),
    destProof: boc(blockHeaderProof(to)),
    proof: boc(blockHeaderProof(from)),
    stateProof: boc(prevBlocksStateProof(from.state, to.id.seqno)),
  };
}

/**
 * liteServer.getBlockProof mode:# known_block:tonNode.blockIdExt target_block:mode.0?tonNode.blockIdExt
 *   = liteServer.PartialBlockProof;
 * liteServer.partialBlockProof complete:Bool from to steps:(vector liteServer.BlockLink)
 * A forward link signed by the local validator set (the chain's StoredBlock.simplex or signatures) when the target
 * is newer, a backward link through prev_blocks when it is older. A forward link starts at a key block
 * (or the zero state), whose config names the signers, so from any other known block a backward link to
 * its previous key block comes first, as the C++ liteserver does. Without target_block the target is
 * the last masterchain block.
 */
export const getBlockProof = defineHandler(
  'liteServer.getBlockProof',
  Codecs.liteServer_getBlockProof,
  (req, ctx) => {
    const known = requireMasterchainBlock(ctx.chain, req.knownBlock);
    const target =
      (req.mode & 1) !== 0 && req.targetBlock
        ? requireMasterchainBlock(ctx.chain, req.targetBlock)
        : ctx.chain.head();
    const steps: BlockLink[] = [];
    if (target.id.seqno > known.id.seqno) {
      const source = linkSource(ctx.chain, known);
      if (source !== known) {
        steps.push(backwardLink(known, source));
      }
      steps.push(forwardLink(source, target));
    } else if (target.id.seqno < known.id.seqno) {
      steps.push(backwardLink(known, target));
    }
    return encodeTl(Codecs.liteServer_PartialBlockProof, {
      kind: 'liteServer.partialBlockProof',
      complete: true,
      from: toTlBlockId(known.id),
      to: toTlBlockId(target.id),
      steps,
    });
  },
);
