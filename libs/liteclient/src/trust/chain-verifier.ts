import { type LiteEngine } from 'ton-lite-client';
import {
  checkPartialBlockProof,
  LiteApiSchema,
  partialBlockProof,
  type ProofBlockId,
  ProofError,
  sameBlockId,
  type TransactionBlockBounds,
} from '@app/ton';

import { classifyFailure } from '../liteserver-errors';
import { proofStart } from './proof-start';
import { ProvenBlockMap, ProvenBlockSet } from './proven-block-set';
import { retainedBlockId } from './retained-block-id';
import { toTlBlockId as toTl } from './tl-block-id';

/** getBlockProof answers one verification may follow (each holds up to a few links). */
const MAX_PROOF_ANSWERS = 16;
/**
 * Verified masterchain block ids remembered, newest kept; the same bound for the proven shard blocks
 * and block bounds. Kept as retainedBlockId copies, an id costs about 700 bytes of heap (measured:
 * Node 20, heap snapshots of the ingestor), so each of the three maps stays under 3 MiB.
 */
const REMEMBERED_BLOCKS = 4096;

/**
 * The trusted view of the masterchain, shared by the pool's liteservers: a trusted key block (at first
 * the anchor from the global config, validator.init_block) and the masterchain block ids proven from
 * it. A block is proven by liteServer.getBlockProof links checked from a block already trusted:
 * forward (signed by the validators the key block's config names) to newer blocks, backward (through
 * prev_blocks of a trusted state) to older ones — tonlib's rule (tonlib/tonlib/LastBlock.cpp of
 * https://github.com/ton-blockchain/ton). The global config's hard fork blocks are trusted like the
 * anchor, and no forward proof crosses one (trust/proof-start.ts).
 */
export class ChainVerifier {
  private keyBlock: ProofBlockId;
  private head: ProofBlockId | null = null;
  private readonly verified = new Map<number, ProofBlockId>();
  /** Shard-chain blocks proven to be committed by a proven masterchain block (checks/shard-block.ts). */
  readonly provenShardBlocks = new ProvenBlockSet(REMEMBERED_BLOCKS);
  /** Proven blocks' lt ranges and times, read from their proven headers (checks/transaction-list.answer.ts). */
  readonly provenBlockBounds = new ProvenBlockMap<TransactionBlockBounds>(REMEMBERED_BLOCKS);

  constructor(
    anchor: ProofBlockId,
    /** Told of every newer key block proven: what an operator persists to skip the chain next time. */
    private readonly onKeyBlock?: (id: ProofBlockId) => void,
    /** validator.hardforks of the global config, oldest first. */
    private readonly hardforks: readonly ProofBlockId[] = [],
  ) {
    this.keyBlock = anchor;
    for (const fork of hardforks) {
      this.remember(fork);
    }
    this.remember(anchor);
  }

  get trustedKeyBlock(): ProofBlockId {
    return this.keyBlock;
  }

  /** The newest masterchain block proven so far, null before the first. */
  get verifiedHead(): ProofBlockId | null {
    return this.head;
  }

  isVerified(id: ProofBlockId): boolean {
    const known = this.verified.get(id.seqno);
    return known !== undefined && sameBlockId(known, id);
  }

  /**
   * Proves masterchain block `id` with `engine`'s getBlockProof answers, or throws ProofError. A
   * liteserver that cannot prove a block it named (an error answer included) fails with
   * reason block_link; timeouts and dropped connections are thrown as they are.
   */
  async verifyMasterchainBlock(engine: LiteEngine, id: ProofBlockId): Promise<void> {
    if (id.workchain !== -1) {
      throw new ProofError('block_link', 'only masterchain blocks are proven by links');
    }
    if (this.isVerified(id)) {
      return;
    }
    let known = proofStart(id, {
      keyBlock: this.keyBlock,
      head: this.head,
      hardforks: this.hardforks,
    });
    for (let i = 0; i < MAX_PROOF_ANSWERS; i++) {
      let answer: LiteApiSchema.liteServer_partialBlockProof;
      try {
        answer = await engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
          kind: 'liteServer.getBlockProof',
          mode: 1,
          knownBlock: toTl(known),
          targetBlock: toTl(id),
        });
      } catch (error) {
        if (classifyFailure(error) !== 'answer') {
          throw error;
        }
        const message = error instanceof Error ? error.message : String(error);
        throw new ProofError('block_link', `cannot prove block ${id.seqno}: ${message}`);
      }
      const proof = partialBlockProof(answer);
      const chain = checkPartialBlockProof(proof, known);
      if (chain.keyBlock && chain.keyBlock.id.seqno > this.keyBlock.seqno) {
        this.keyBlock = retainedBlockId(chain.keyBlock.id);
        this.remember(this.keyBlock);
        this.onKeyBlock?.(chain.keyBlock.id);
      }
      known = chain.to;
      this.remember(known);
      if (sameBlockId(known, id)) {
        return;
      }
      if (proof.complete || proof.steps.length === 0) {
        throw new ProofError(
          'block_link',
          `block proof ends at ${known.seqno}, not at ${id.seqno}`,
        );
      }
    }
    throw new ProofError(
      'block_link',
      `block ${id.seqno} not reached in ${MAX_PROOF_ANSWERS} answers`,
    );
  }

  /** Keeps a retainedBlockId copy of `proven`: an id decoded from an answer pins a pool slab. */
  private remember(proven: ProofBlockId): void {
    const id = retainedBlockId(proven);
    this.verified.set(id.seqno, id);
    if (!this.head || id.seqno > this.head.seqno) {
      this.head = id;
    }
    if (this.verified.size > REMEMBERED_BLOCKS) {
      // The trusted key block and the hard forks stay: they are where proofs start.
      const kept = (seqno: number): boolean =>
        seqno === this.keyBlock.seqno || this.hardforks.some((f) => f.seqno === seqno);
      // One pass without copying the keys: this runs for every block once the map is full.
      let oldest: number | undefined;
      for (const seqno of this.verified.keys()) {
        if (!kept(seqno) && (oldest === undefined || seqno < oldest)) {
          oldest = seqno;
        }
      }
      if (oldest !== undefined) {
        this.verified.delete(oldest);
      }
    }
  }
}
