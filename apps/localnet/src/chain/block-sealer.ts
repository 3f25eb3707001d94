import { performance } from 'node:perf_hooks';

import { type Address, beginCell, storeMessage } from '@ton/core';

import { sha256, shardPrefixLength } from '@app/ton';

import { assembleBlock, ChainWork } from './block-assembler';
import type { StoredBlock } from './chain-reader';
import type { SealRecord } from './chain-store';
import type { EmulatorAccountSync } from './emulator-account-sync';
import { HistoryPruner } from './history-pruner';
import {
  buildMasterchainBlock,
  type MasterchainBlock,
  type MasterchainParts,
} from './masterchain-block';
import type { MessageExecutor, Pending } from './message-executor';
import {
  fixLtRanges,
  inBlockOrder,
  type LtRange,
  type OpenBlock,
  type SealHeader,
  type ShardBlock,
  type SubmittedMessage,
} from './seal-plan';
import type { ConfigFacts } from './sealing-config';
import type { ShardChain } from './shard-chain';
import type { TransactionIndex } from './transaction-index';

/** What the sealer works with; the chain (local-chain.ts) makes them. */
export interface BlockSealerParts extends MasterchainParts {
  readonly transactions: TransactionIndex;
  readonly accounts: EmulatorAccountSync;
  readonly executor: MessageExecutor;
  readonly globalId: number;
  /** Masterchain blocks whose states, and whose contents, the history keeps (state-retention.ts). */
  readonly statesKept: number;
  readonly blocksKept: number;
}

export interface SealInput {
  /** The messages queued for this block, taken from the chain's queue. */
  readonly pending: readonly Pending[];
  readonly genUtime: number;
  /** Queues a message a transaction created, for the next block. */
  readonly requeue: (p: Pending) => void;
  /** Receives the block's inputs and hash once it is published (chain-store.ts). */
  readonly journal: (record: SealRecord) => void;
}

export interface SealOutcome {
  /** The masterchain block, published. */
  readonly block: StoredBlock;
  /** Milliseconds spent on the emulator (transactions, account sync), then on building blocks. */
  readonly executeMs: number;
  readonly buildMs: number;
  readonly transactions: number;
}

/**
 * Produces one masterchain block and the shard blocks it commits, in named stages: open the block
 * (config, time, previous blocks), run the queued messages through the emulator, fix each chain's
 * lt range, build the shard blocks, build and sign the masterchain block (masterchain-block.ts),
 * publish them, journal the block's inputs, and prune the history. The chain (local-chain.ts) runs one
 * seal at a time.
 */
export class BlockSealer {
  private readonly pruner: HistoryPruner;

  constructor(private readonly parts: BlockSealerParts) {
    this.pruner = new HistoryPruner(
      parts.blockchain,
      parts.transactions,
      parts.statesKept,
      parts.blocksKept,
    );
  }

  /** The random seed of masterchain block `seqno` (and of the shard blocks it commits). */
  randSeedOf(seqno: number): Buffer {
    return sha256(Buffer.from(`localnet:${this.parts.globalId}:${seqno}`));
  }

  async seal(input: SealInput): Promise<SealOutcome> {
    const t0 = performance.now();
    const block = this.open(input.genUtime);
    const { queued, submitted } = inBlockOrder(input.pending);
    await this.runTransactions(block, [...queued, ...submitted], input.requeue);
    const tBuild = performance.now();
    const facts = this.parts.config.facts();
    const ranges = fixLtRanges(this.parts.reader.allChains(), block);
    const header = this.header(block, facts);
    const shardBlocks = await this.buildShardBlocks(block, ranges, header, facts);
    const mc = await buildMasterchainBlock(this.parts, block, ranges, header, facts, shardBlocks);
    this.publish(block, shardBlocks, mc);
    input.journal(this.journalRecord(block, mc.stored, submitted));
    this.pruner.afterSeal(this.parts.reader.allChains(), block.seqno);
    const tEnd = performance.now();
    return {
      block: mc.stored,
      executeMs: tBuild - t0,
      buildMs: tEnd - tBuild,
      transactions: [...block.work.values()].reduce((n, w) => n + w.txs.length, 0),
    };
  }

  /** Fixes the block's place (seqno, time, seed, previous blocks) and sets the emulator's clock. */
  private open(genUtime: number): OpenBlock {
    const { blockchain, reader, config } = this.parts;
    const keyBlock = config.takeKeyBlockMark();
    const prevMc = reader.mc.last();
    const prevKey = reader.keyBlockAt(prevMc.stored.id.seqno);
    const seqno = prevMc.stored.id.seqno + 1;
    const randSeed = this.randSeedOf(seqno);
    const ltBefore = blockchain.lt;
    blockchain.now = genUtime;
    blockchain.prevBlocks = reader.prevBlocksInfo(prevMc.stored.id.seqno);
    const work = new Map<ShardChain, ChainWork>(
      reader.allChains().map((c) => [c, new ChainWork()]),
    );
    return { seqno, genUtime, randSeed, keyBlock, prevMc, prevKey, ltBefore, work };
  }

  /**
   * Runs each message as one emulator step. Emulator state changed since the last block outside
   * transactions (treasuries, setShardAccount) enters this block's state first, booked as minted
   * (or exported) value: that scan walks every emulator account (object identity checks); after
   * the transactions only the touched ones are read.
   */
  private async runTransactions(
    block: OpenBlock,
    messages: readonly Pending[],
    requeue: (p: Pending) => void,
  ): Promise<void> {
    const { accounts, executor } = this.parts;
    const touched = new Map<string, Address>();
    await accounts.sync(new Map(), block.work, true);
    for (const item of messages) {
      await executor.execute(item, {
        work: block.work,
        touched,
        now: block.genUtime,
        randSeed: block.randSeed,
        requeue,
      });
    }
    await accounts.sync(touched, block.work, false);
  }

  private header(block: OpenBlock, facts: ConfigFacts): SealHeader {
    const { prevMc, seqno } = block;
    return {
      globalId: this.parts.globalId,
      seqno,
      genUtime: block.genUtime,
      minRefMcSeqno: prevMc.stored.id.seqno,
      masterRef: prevMc.stored,
      randSeed: block.randSeed,
      createdBy: this.parts.validators[0]?.publicKey ?? Buffer.alloc(32),
      validatorListHashShort: this.parts.validatorHash,
      genSoftware: facts.genSoftware,
      keyBlock: false,
      prevKeyBlockSeqno: block.prevKey.id.seqno,
      mcSeqno: seqno,
    };
  }

  /** One block per basechain shard, each creating its share of ConfigParam 14's basechain reward. */
  private async buildShardBlocks(
    block: OpenBlock,
    ranges: ReadonlyMap<ShardChain, LtRange>,
    header: SealHeader,
    facts: ConfigFacts,
  ): Promise<ShardBlock[]> {
    const shardBlocks: ShardBlock[] = [];
    for (const chain of this.parts.reader.shards) {
      const w = block.work.get(chain) ?? new ChainWork();
      const range = ranges.get(chain) ?? { startLt: block.ltBefore, endLt: block.ltBefore + 1n };
      const created = facts.fees.basechain >> BigInt(shardPrefixLength(chain.shard));
      const out = await assembleBlock({
        ...header,
        ...range,
        chain,
        work: w,
        created,
        feesImported: 0n,
      });
      shardBlocks.push({
        chain,
        stored: out.stored,
        fees: out.feesCollected,
        created,
        record: {
          stored: out.stored,
          accounts: chain.accounts,
          outQueue: chain.outQueue,
          randSeed: block.randSeed,
          feesCollected: out.feesCollected,
          created,
        },
      });
      // Let other work run between blocks; readers still see the previous head (nothing is published
      // before the masterchain block is complete).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return shardBlocks;
  }

  /** Appends the blocks to their chains: readers see the new head from here on. */
  private publish(
    block: OpenBlock,
    shardBlocks: readonly ShardBlock[],
    mc: MasterchainBlock,
  ): void {
    const { blockchain, reader, transactions } = this.parts;
    for (const s of shardBlocks) {
      s.chain.blocks.push(s.record);
    }
    reader.mc.blocks.push(mc.record);
    mc.record.mc.prevBlocksInfo.lastMcBlocks.push(
      ...reader.prevBlocksInfo(block.seqno).lastMcBlocks,
    );
    for (const s of [...shardBlocks.map((x) => x.stored), mc.stored]) {
      transactions.add(s);
    }
    blockchain.prevBlocks = reader.prevBlocksInfo(block.seqno);
  }

  /** What replaying the block needs: its time, the messages submitted to it, and a new config. */
  private journalRecord(
    block: OpenBlock,
    mcStored: StoredBlock,
    submitted: readonly SubmittedMessage[],
  ): SealRecord {
    return {
      seqno: block.seqno,
      genUtime: block.genUtime,
      rootHash: mcStored.id.rootHash.toString('base64'),
      messages: submitted.map((p) =>
        (p.cell ?? beginCell().store(storeMessage(p.message)).endCell()).toBoc().toString('base64'),
      ),
      ...(block.keyBlock ? { config: this.parts.config.current.toBoc().toString('base64') } : {}),
    };
  }
}
