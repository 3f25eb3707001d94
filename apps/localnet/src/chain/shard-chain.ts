import type { Address, Cell, ShardAccount } from '@ton/core';
import type { PrevBlocksInfo } from '@ton/sandbox';

import {
  emptyOldMcBlocks,
  emptyOutMsgQueue,
  emptyShardAccounts,
  type ExtBlkRef,
  type OldMcBlocksTrie,
  type OutMsgQueueTrie,
  SHARD_FULL,
  shardPrefixLength,
  type ShardAccountsTrie,
} from '@app/ton';

import type { StoredBlock } from './chain-reader';

/** What the chain keeps per block besides the public StoredBlock: the state as structures. */
export interface BlockRecord {
  readonly stored: StoredBlock;
  readonly accounts: ShardAccountsTrie;
  readonly outQueue: OutMsgQueueTrie;
  readonly randSeed: Buffer;
  readonly feesCollected: bigint;
  readonly created: bigint;
  /** Masterchain blocks only. */
  readonly mc?: {
    readonly config: Cell;
    readonly configBase64: string;
    readonly libs: Cell | undefined;
    readonly prevBlocks: OldMcBlocksTrie;
    readonly globalBalance: bigint;
    /** c7 prev_blocks as seen by get-methods run on this block's state. */
    readonly prevBlocksInfo: PrevBlocksInfo;
  };
}

export function extRef(b: StoredBlock): ExtBlkRef {
  return { endLt: b.endLt, seqno: b.id.seqno, rootHash: b.id.rootHash, fileHash: b.id.fileHash };
}

export function accountIdOf(address: Address): bigint {
  return BigInt('0x' + address.hash.toString('hex'));
}

/** One shard chain (the masterchain or a basechain shard): its current state and its blocks. */
export class ShardChain {
  accounts: ShardAccountsTrie = emptyShardAccounts();
  outQueue: OutMsgQueueTrie = emptyOutMsgQueue();
  prevBlocks: OldMcBlocksTrie = emptyOldMcBlocks();
  totalValidatorFees = 0n;
  readonly blocks: BlockRecord[] = [];
  /**
   * Index from which `blocks` is contiguous to the end. A chain resumed from a snapshot
   * (chain-snapshot.ts) holds its zero state, its key blocks and the blocks from the snapshot on:
   * the ones between are absent (holes), as blocks past the history are.
   */
  tailStart = 1;
  /** Indexes below `tailStart` that hold a block (ascending): the zero state, then key blocks. */
  readonly islands: number[] = [0];
  /** The parsed ShardAccount last seen per account id (object identity detects emulator changes). */
  readonly seen = new Map<bigint, ShardAccount>();

  private readonly prefixLength: number;
  private readonly prefix: bigint;

  constructor(
    readonly workchain: number,
    readonly shard: bigint = SHARD_FULL,
  ) {
    this.prefixLength = shardPrefixLength(shard);
    this.prefix = shard >> BigInt(64 - this.prefixLength);
  }

  get isMaster(): boolean {
    return this.workchain === -1;
  }

  contains(address: Address): boolean {
    if (address.workChain !== this.workchain) {
      return false;
    }
    // The first prefixLength bits of the account id (at most 60, so the first 8 bytes suffice).
    const head = address.hash.readBigUInt64BE(0);
    return head >> BigInt(64 - this.prefixLength) === this.prefix;
  }

  /**
   * The first index whose block satisfies `pred` (false, then true along the chain; see
   * firstIndexWhere), or -1 when that block falls among absent ones: the answer is not known.
   */
  firstIndexWhere(pred: (block: BlockRecord) => boolean): number {
    const { blocks, tailStart } = this;
    let lo = tailStart;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = blocks[mid];
      // Indexes from tailStart on all hold a block.
      if (block === undefined || pred(block)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    if (lo > tailStart) {
      return lo;
    }
    const below = this.islands.find((i) => {
      const b = blocks[i];
      return b !== undefined && pred(b);
    });
    const first = below ?? lo;
    return first > 0 && blocks[first - 1] === undefined ? -1 : first;
  }

  last(): BlockRecord {
    const b = this.blocks[this.blocks.length - 1];
    if (!b) {
      throw new Error(`shard chain ${this.workchain}:${this.shard.toString(16)} has no zero state`);
    }
    return b;
  }
}
