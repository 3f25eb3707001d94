import { type ProofBlockId } from '@app/ton';

/** What the chain verifier trusts when it picks where a proof starts. */
export interface TrustedBlocks {
  /** The newest key block trusted (the anchor, or one proven from it). */
  readonly keyBlock: ProofBlockId;
  /** The newest masterchain block proven, null before the first. */
  readonly head: ProofBlockId | null;
  /** The global config's hard forks, oldest first: trusted by being listed, like the init block. */
  readonly hardforks: readonly ProofBlockId[];
}

/**
 * Where a liteServer.getBlockProof chain to masterchain block `target` starts. A newer block is
 * reached by forward links (signatures) from the trusted key block, but never across a hard fork: a
 * hard fork block is made by hand, not signed by the validators of the key block before it
 * (validator/impl/collator.cpp of https://github.com/ton-blockchain/ton skips the validator set for
 * it), so a chain from before it that reaches past it can only be the abandoned one. The newest hard
 * fork at or before the target, when newer than the key block, is the start instead (it is a key block
 * itself, so forward links start from it). An older block is reached backward through the
 * `prev_blocks` of a newer trusted state — the head's — which a hard fork does not break (its state
 * continues the chain before it).
 */
export function proofStart(target: ProofBlockId, trusted: TrustedBlocks): ProofBlockId {
  const { keyBlock, head, hardforks } = trusted;
  if (target.seqno > keyBlock.seqno) {
    let start = keyBlock;
    for (const fork of hardforks) {
      if (fork.seqno > start.seqno && fork.seqno <= target.seqno) {
        start = fork;
      }
    }
    return start;
  }
  if (head && head.seqno > target.seqno) {
    return head;
  }
  return keyBlock;
}
