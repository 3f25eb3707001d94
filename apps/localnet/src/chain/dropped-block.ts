import type { Cell } from '@ton/core';
import type { PrevBlocksInfo } from '@ton/sandbox';

import type { OldMcBlocksTrie, OutMsgQueueTrie, ShardAccountsTrie } from '@app/ton';

import type { BlockIdExt, StoredBlock, StoredTransaction } from './chain-reader';
import type { BlockRecord } from './shard-chain';
import { BlockNotKeptError, StateNotKeptError } from './state-retention';

/**
 * What is left of a block dropped from the history (`blockHistory`): where it was — its id, lt
 * range, time and place in the chain, so that lookups still find it and answer that it is gone —
 * and none of what it held. Reading its contents throws BlockNotKeptError, its state
 * StateNotKeptError. A class rather than the record with its properties redefined: objects whose
 * properties are redefined fall back to dictionary mode, ~0.6 KB apiece, and a long-running network
 * keeps one of these per block.
 */
class DroppedStoredBlock implements StoredBlock {
  readonly id: BlockIdExt;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genUtime: number;
  readonly isKeyBlock: boolean;
  readonly prev: readonly BlockIdExt[];
  readonly mcSeqno: number;
  readonly shardTops?: readonly BlockIdExt[];
  readonly prevKeyBlockSeqno?: number;

  constructor(
    from: StoredBlock,
    private readonly kept: number,
  ) {
    this.id = from.id;
    this.startLt = from.startLt;
    this.endLt = from.endLt;
    this.genUtime = from.genUtime;
    this.isKeyBlock = from.isKeyBlock;
    this.prev = from.prev;
    this.mcSeqno = from.mcSeqno;
    if (from.shardTops !== undefined) {
      this.shardTops = from.shardTops;
    }
    if (from.prevKeyBlockSeqno !== undefined) {
      this.prevKeyBlockSeqno = from.prevKeyBlockSeqno;
    }
  }

  get block(): Cell {
    throw new BlockNotKeptError(this.id, this.kept);
  }

  get blockBoc(): Buffer {
    throw new BlockNotKeptError(this.id, this.kept);
  }

  get transactions(): readonly StoredTransaction[] {
    throw new BlockNotKeptError(this.id, this.kept);
  }

  get state(): Cell {
    throw new StateNotKeptError(this.id, this.kept);
  }
}

class DroppedMcExtra implements NonNullable<BlockRecord['mc']> {
  readonly config: Cell;
  readonly configBase64: string;
  readonly libs: Cell | undefined;
  readonly globalBalance: bigint;

  constructor(
    from: NonNullable<BlockRecord['mc']>,
    private readonly id: BlockIdExt,
    private readonly kept: number,
  ) {
    // The config stays: shared with the blocks around it, and liteServer-free reads use it.
    this.config = from.config;
    this.configBase64 = from.configBase64;
    this.libs = from.libs;
    this.globalBalance = from.globalBalance;
  }

  get prevBlocks(): OldMcBlocksTrie {
    throw new StateNotKeptError(this.id, this.kept);
  }

  get prevBlocksInfo(): PrevBlocksInfo {
    throw new StateNotKeptError(this.id, this.kept);
  }
}

class DroppedRecord implements BlockRecord {
  readonly stored: StoredBlock;
  readonly feesCollected: bigint;
  readonly created: bigint;
  readonly mc?: BlockRecord['mc'];

  constructor(
    from: BlockRecord,
    private readonly kept: number,
  ) {
    this.stored = new DroppedStoredBlock(from.stored, kept);
    this.feesCollected = from.feesCollected;
    this.created = from.created;
    if (from.mc !== undefined) {
      this.mc = new DroppedMcExtra(from.mc, from.stored.id, kept);
    }
  }

  get accounts(): ShardAccountsTrie {
    throw new StateNotKeptError(this.stored.id, this.kept);
  }

  get outQueue(): OutMsgQueueTrie {
    throw new StateNotKeptError(this.stored.id, this.kept);
  }

  get randSeed(): Buffer {
    throw new StateNotKeptError(this.stored.id, this.kept);
  }
}

/** The record that stands for `record` once its block is dropped from the history. */
export function droppedRecord(record: BlockRecord, kept: number): BlockRecord {
  return new DroppedRecord(record, kept);
}
