import { type Address, type Cell, Dictionary } from '@ton/core';
import type { BlockId, PrevBlocksInfo } from '@ton/sandbox';

import { SHARD_FULL, shardIsAncestor } from '@app/ton';

import type {
  BlockIdExt,
  BlockSelector,
  ChainReader,
  StoredBlock,
  StoredTransaction,
} from './chain-reader';
import type { BlockRecord, ShardChain } from './shard-chain';
import { BlockNotKeptError } from './state-retention';
import type { TransactionIndex } from './transaction-index';

/** The parts of ChainReader answered from the blocks the chain holds. */
export type HeldBlocksReader = Omit<
  ChainReader,
  'globalId' | 'now' | 'waitForMasterchainSeqno' | 'runGetMethod' | 'sendMessage'
>;

export function toBlockId(id: BlockIdExt): BlockId {
  return { ...id };
}

/**
 * The read side of the local chain: heads, blocks by id, seqno, lt or time, the shard blocks a
 * masterchain block commits, the block holding an account's state at a masterchain seqno,
 * transactions, config and libraries — all from the masterchain and shard chains the block sealer
 * (block-sealer.ts) appends to. It never changes them.
 */
export class LocalChainReader implements HeldBlocksReader {
  /**
   * @param historyKept the masterchain blocks whose states the history keeps (state-retention.ts),
   *   named by the error for a shard block that is not held.
   */
  constructor(
    readonly mc: ShardChain,
    readonly shards: readonly ShardChain[],
    private readonly transactions: TransactionIndex,
    private readonly historyKept: number,
  ) {}

  /** The masterchain, then the basechain shards. */
  allChains(): ShardChain[] {
    return [this.mc, ...this.shards];
  }

  chainOf(address: Address): ShardChain {
    const chain = this.allChains().find((c) => c.contains(address));
    if (!chain) {
      throw new Error(`no shard of this chain holds ${address.toRawString()}`);
    }
    return chain;
  }

  zeroState(): StoredBlock {
    const b = this.mc.blocks[0];
    if (!b) {
      throw new Error('no zero state');
    }
    return b.stored;
  }

  head(): StoredBlock {
    return this.mc.last().stored;
  }

  masterchainBlock(seqno: number): StoredBlock | undefined {
    return this.mc.blocks[seqno]?.stored;
  }

  block(workchain: number, shard: bigint, seqno: number): StoredBlock | undefined {
    const chain = this.allChains().find((c) => c.workchain === workchain && c.shard === shard);
    return chain?.blocks[seqno]?.stored;
  }

  lookup(workchain: number, shard: bigint, by: BlockSelector): StoredBlock | undefined {
    const chain = this.allChains().find(
      (c) =>
        c.workchain === workchain &&
        (shardIsAncestor(c.shard, shard) || shardIsAncestor(shard, c.shard)),
    );
    if (!chain) {
      return undefined;
    }
    const blocks = chain.blocks;
    if ('seqno' in by) {
      return blocks[by.seqno]?.stored;
    }
    // An index among blocks no longer held (-1) finds nothing, as a block past the history would.
    if ('lt' in by) {
      return blocks[chain.firstIndexWhere((b) => b.stored.endLt > by.lt)]?.stored;
    }
    // The last block generated at or before utime.
    const after = chain.firstIndexWhere((b) => b.stored.genUtime > by.utime);
    return after < 0 ? undefined : blocks[after - 1]?.stored;
  }

  shardTopsAt(mcSeqno: number): StoredBlock[] {
    if (!this.mc.blocks[mcSeqno]) {
      return [];
    }
    return this.shards.map((c) => this.shardTop(c, mcSeqno).stored);
  }

  accountBlockAt(mcSeqno: number, address: Address): StoredBlock {
    return this.accountRecordAt(mcSeqno, address).stored;
  }

  /** The record of the account's shard chain holding its state as of masterchain `mcSeqno`. */
  accountRecordAt(mcSeqno: number, address: Address): BlockRecord {
    if (!this.mc.blocks[mcSeqno]) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    const chain = this.chainOf(address);
    return this.shardTop(chain, mcSeqno);
  }

  transaction(
    address: Address,
    lt: bigint,
  ): { tx: StoredTransaction; block: StoredBlock } | undefined {
    return this.transactions.get(address, lt);
  }

  config(mcSeqno: number): Cell {
    const rec = this.mc.blocks[mcSeqno];
    if (!rec?.mc) {
      throw new Error(`masterchain block ${mcSeqno} not found`);
    }
    return rec.mc.config;
  }

  libraries(hashes: readonly Buffer[]): { hash: Buffer; data: Cell }[] {
    const libs = this.mc.last().mc?.libs;
    if (!libs) {
      return [];
    }
    const dict = Dictionary.loadDirect(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell(), libs);
    return hashes.flatMap((hash) => {
      const data = dict.get(hash);
      return data ? [{ hash, data }] : [];
    });
  }

  /** The latest key block at or before masterchain `seqno`. */
  keyBlockAt(seqno: number): StoredBlock {
    for (let s = seqno; s > 0; s--) {
      const b = this.mc.blocks[s];
      if (b?.stored.isKeyBlock) {
        return b.stored;
      }
    }
    return this.zeroState();
  }

  /** c7 prev_blocks for code running on the state after masterchain block `seqno`. */
  prevBlocksInfo(seqno: number): PrevBlocksInfo {
    const lastMcBlocks: BlockId[] = [];
    for (let s = seqno; s >= 0 && lastMcBlocks.length < 16; s--) {
      const b = this.mc.blocks[s];
      if (b) {
        lastMcBlocks.push(toBlockId(b.stored.id));
      } else {
        // Not held since a resume from a snapshot: the masterchain state's OldMcBlocksInfo has it.
        const old = this.mc.prevBlocks.get(BigInt(s))?.ref;
        if (old) {
          lastMcBlocks.push({
            workchain: -1,
            shard: SHARD_FULL,
            seqno: old.seqno,
            rootHash: old.rootHash,
            fileHash: old.fileHash,
          });
        }
      }
    }
    return { lastMcBlocks, prevKeyBlock: toBlockId(this.keyBlockAt(seqno).id) };
  }

  private shardTop(chain: ShardChain, mcSeqno: number): BlockRecord {
    // The last block committed at or before masterchain mcSeqno.
    const after = chain.firstIndexWhere((b) => b.stored.mcSeqno > mcSeqno);
    const top = after < 0 ? undefined : chain.blocks[after - 1];
    const mcBlock = this.mc.blocks[mcSeqno];
    if (!top && mcBlock) {
      // A key block kept from before the snapshot a resumed chain started from: the shard block it
      // committed is not held, as happens to it past the history (blockHistory).
      throw new BlockNotKeptError(mcBlock.stored.id, this.historyKept);
    }
    if (!top) {
      throw new Error(
        `no block of ${chain.workchain}:${chain.shard.toString(16)} at mc ${mcSeqno}`,
      );
    }
    return top;
  }
}
