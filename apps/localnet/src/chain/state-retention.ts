import type { BlockIdExt } from './chain-reader';
import type { BlockRecord, ShardChain } from './shard-chain';

/**
 * Masterchain blocks whose states the chain keeps by default: at the 400 ms interval about two hours
 * and a quarter. An empty masterchain block with its shard block adds ~28 KB of state (@ton/core
 * cells are ~1.5 KB apiece with their closures and buffers), a block of 100 transactions ~1 MB; kept
 * forever, a network producing blocks on a timer ran out of heap within a day. A C++ node forgets old
 * states the same way (validator-engine `--state-ttl`), and old blocks later (`--block-ttl`, here
 * `blockHistory`).
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
 * Drops a block's state — the ShardStateUnsplit cell, the ShardAccounts and out-queue tries, the
 * random seed and for a masterchain block its OldMcBlocksInfo trie and c7 prev_blocks — keeping the
 * block itself, its transactions and its config. Reading a dropped part throws StateNotKeptError. The record and its StoredBlock are changed
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
  Object.defineProperty(record, 'randSeed', gone);
  if (record.mc) {
    Object.defineProperty(record.mc, 'prevBlocks', gone);
    Object.defineProperty(record.mc, 'prevBlocksInfo', gone);
  }
}

/**
 * Asked for a block (its cells, BoC or transactions) that is no longer kept (see `blockHistory`).
 * A C++ node past its block TTL answers for such a block that it is not in its database.
 */
export class BlockNotKeptError extends Error {
  constructor(id: BlockIdExt, kept: number) {
    super(
      `block (${id.workchain},${id.shard.toString(16)},${id.seqno}) is not in db (this local network ` +
        `keeps its last ${kept} masterchain blocks and its key blocks)`,
    );
    this.name = 'BlockNotKeptError';
  }
}

/**
 * Drops, after every seal, what no masterchain block of the last `kept` reaches: `drop` is called
 * once for each such block, with its chain and index. A shard block stays while it is the shard's top at some kept masterchain
 * block. Key blocks stay for good: a forward block proof (liteServer.getBlockProof from a trusted key
 * block, as clients sync from the zero state) proves the validator set from the state of the block it
 * starts from, and a network has few of them. Each chain is scanned from where the previous call
 * stopped, so a seal costs O(blocks dropped).
 */
export class HistoryRetention {
  private readonly nextIndex = new Map<ShardChain, number>();

  constructor(
    readonly kept: number,
    private readonly drop: (chain: ShardChain, index: number, record: BlockRecord) => void,
    what: string,
  ) {
    if (!(kept >= 1)) {
      throw new Error(`${what} must be at least 1 masterchain block (got ${String(kept)})`);
    }
  }

  afterSeal(chains: readonly ShardChain[], headSeqno: number): void {
    if (!Number.isFinite(this.kept)) {
      return;
    }
    const firstKeptMc = headSeqno - this.kept + 1;
    for (const chain of chains) {
      // Index 0, the zero state, stays: it is what the network is known by (its global config).
      // A chain resumed from a snapshot starts where its contiguous blocks do.
      let i = this.nextIndex.get(chain) ?? chain.tailStart;
      for (; i < chain.blocks.length; i++) {
        const rec = chain.blocks[i];
        if (rec === undefined || !this.unreachable(chain, i, firstKeptMc)) {
          break;
        }
        if (!rec.stored.isKeyBlock) {
          this.drop(chain, i, rec);
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
