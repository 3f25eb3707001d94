import { Codecs as ClientCodecs, type liteServer_BlockLink } from 'ton-lite-client/dist/schema';
import type { StoredBlock } from '../../chain/chain-reader';
import { requireMasterchainBlock, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { blockHeaderProof, boc, configStateProof, prevBlocksStateProof } from '../proofs';
import { encodeTl } from '../tl-encode';

/** Config params holding the validator sets a forward link is checked against (p34 current, p28
 *  catchain config). */
const VALIDATOR_PARAMS = [28, 34];

function forwardLink(from: StoredBlock, to: StoredBlock): liteServer_BlockLink {
  return {
    kind: 'liteServer.blockLinkForward',
    toKeyBlock: to.isKeyBlock,
    from: toTlBlockId(from.id),
    to: toTlBlockId(to.id),
    destProof: boc(blockHeaderProof(to)),
    configProof: boc(configStateProof(from.state, VALIDATOR_PARAMS)),
    signatures: {
      kind: 'liteServer.signatureSet',
      // The chain does not expose its validator set's short hash or catchain seqno (ChainReader has no
      // accessor); 0 marks them unknown. The signatures themselves are the chain's real ones.
      validatorSetHash: 0,
      catchainSeqno: 0,
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
 * One step: a forward link signed by the local validator set (the chain's StoredBlock.signatures) when
 * the target is newer, a backward link through prev_blocks when it is older. Without target_block the
 * target is the last masterchain block.
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
      steps.push(forwardLink(known, target));
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
