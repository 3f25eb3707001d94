import type { BlockIdExt } from './chain-reader';
import type { BlockRecord, ShardChain } from './shard-chain';

/**
 * Masterchain blocks whose states the chain keeps by default: at the 400 ms interval about two hours
 * and a quarter. An empty masterchain block with its shard block adds ~29 KB of state cells
 * (@ton/core cells are ~1.5 KB apiece with their closures and buffers), a block of 100 transactions
 * ~2 MB; kept forever, a network producing blocks on a timer ran out of heap within a day. A C++ node
 * forgets old states the same way (validator-engine `--state-ttl`), while keeping the blocks.
 */
export const DEFAULT_STATE_HISTORY = 20_000;

/**
 * Asked for the state after a block whose state is no longer kept (see `stateHistory`). Worded as a
 * C++ liteserver words it for a state its node has garbage-collected (`cannot load state for
 * <BlockIdExt::to_str()> : state already gc'd`, lite_api code 602), so clients that recognise that
 * answer recognise this one; the parenthesis says why.
 */
export class StateNotKeptError extends Error {
  constructor(id: BlockIdExt, kept: number) {
    const hex = (b: Buffer): string => b.toString('hex').toUpperCase();
    super(
      `cannot load state for (${id.workchain},${id.shard.toString(16)},${id.seqno}):` +
        `${hex(id.rootHash)}:${hex(id.fileHash)} : state already gc'd (this local network keeps ` +
        `the states of its last ${kept} masterchain blocks and of its key blocks)`,
    );
    this.name = 'StateNotKeptError';
  }
}

/**
 * Drops a block's state — the ShardStateUnsplit cell, the ShardAccounts and out-queue tries, and for a
 * masterchain block its OldMcBlocksInfo trie — keeping the block itself, its transactions and its
 * config. Reading a dropped part throws StateNotKeptError. The record and its StoredBlock are changed
 * in place because other indexes (transactions by lt) hold the same objects.
 */
export function dropState(record: BlockRecord, kept: number): void {
  const fail = (): never => {
    throw new StateNotKeptError(record.stored.id, kept);
  };
  const gone = { get: fail, enumerable: true, configurable: true };
  Object.defineProperty(record.stored, 'state', gone);
  Object.defineProperty(record, 'accounts', gone);
  Object.defineProperty(record, 'outQueue', gone);
  if (record.mc) {
    Object.defineProperty(record.mc, 'prevBlocks', gone);
  }
}

/**
 * Drops the states no masterchain block of the last `kept` can reach, after every seal. A shard
 * block's state stays while it is the shard's top at some kept masterchain block. Key blocks keep
 * their states for good: a forward block proof (liteServer.getBlockProof from a trusted key block,
 * as clients sync from the zero state) proves the validator set from the state of the block it starts
 * from, and a network has few of them. Each chain is scanned from where the previous call stopped, so
 * a seal costs O(blocks dropped).
 */
export class StateRetention {
  private readonly nextIndex = new Map<ShardChain, number>();

  constructor(readonly kept: number) {
    if (!(kept >= 1)) {
      throw new Error(`stateHistory must be at least 1 masterchain block (got ${kept})`);
    }
  }

  afterSeal(chains: readonly ShardChain[], headSeqno: number): void {
    if (!Number.isFinite(this.kept)) {
      return;
    }
    const firstKeptMc = headSeqno - this.kept + 1;
    for (const chain of chains) {
      // Index 0, the zero state, stays: it is what the network is known by (its global config).
      let i = this.nextIndex.get(chain) ?? 1;
      for (; i < chain.blocks.length; i++) {
        const rec = chain.blocks[i];
        if (rec === undefined || !this.unreachable(chain, i, firstKeptMc)) {
          break;
        }
        if (!rec.stored.isKeyBlock) {
          dropState(rec, this.kept);
        }
      }
      this.nextIndex.set(chain, i);
    }
  }

  private unreachable(chain: ShardChain, index: number, firstKeptMc: number): boolean {
    const rec = chain.blocks[index];
    if (rec === undefined) {
      return false;
    }
    if (chain.isMaster) {
      return rec.stored.id.seqno < firstKeptMc;
    }
    // The top at masterchain s is the last block with mcSeqno <= s: this one stops being a top at
    // any kept s once the next block is committed at or before the first kept one.
    const next = chain.blocks[index + 1];
    return next !== undefined && next.stored.mcSeqno <= firstKeptMc;
  }
}
