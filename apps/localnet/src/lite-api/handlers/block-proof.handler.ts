import { Codecs as ClientCodecs, type liteServer_BlockLink } from 'ton-lite-client/dist/schema';
import { loadBlockInfoOfBlock } from '@app/ton';
import type { ChainReader, StoredBlock } from '../../chain/chain-reader';
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

function forwardLink(from: StoredBlock, to: StoredBlock): liteServer_BlockLink {
  return {
    kind: 'liteServer.blockLinkForward',
    toKeyBlock: to.isKeyBlock,
    from: toTlBlockId(from.id),
    to: toTlBlockId(to.id),
    destProof: boc(blockHeaderProof(to)),
    configProof: boc(keyBlockConfigProof(from, VALIDATOR_PARAMS)),
    signatures: {
      kind: 'liteServer.signatureSet',
      ...signedBy(to),
      signatures: (to.signatures ?? []).map((s) => ({
        kind: 'liteServer.signature' as const,
        nodeIdShort: s.nodeIdShort,
        signature: s.signature,
      })),
    },
  };
}

function backwardLink(from: StoredBlock, to: StoredBlock): liteServer_BlockLink {
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
 * A forward link signed by the local validator set (the chain's StoredBlock.signatures) when the target
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
    const steps: liteServer_BlockLink[] = [];
    if (target.id.seqno > known.id.seqno) {
      const source = linkSource(ctx.chain, known);
      if (source !== known) {
        steps.push(backwardLink(known, source));
      }
      steps.push(forwardLink(source, target));
    } else if (target.id.seqno < known.id.seqno) {
      steps.push(backwardLink(known, target));
    }
    return encodeTl(ClientCodecs.liteServer_PartialBlockProof, {
      kind: 'liteServer.partialBlockProof',
      complete: true,
      from: toTlBlockId(known.id),
      to: toTlBlockId(target.id),
      steps,
    });
  },
);
