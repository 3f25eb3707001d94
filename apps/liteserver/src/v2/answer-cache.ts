import { approximateBytes, type ExecuteOptions, LiteserverCache } from '@app/liteclient';

/** How much one kind of cached answer may hold: entries and approximate bytes. */
export interface CacheBudget {
  readonly entries: number;
  readonly bytes: number;
}

const MiB = 1 << 20;

/**
 * The budget of each cache of immutable answers the v2 readers keep (answers fixed by a full block
 * id, a transaction id or a masterchain seqno: toncenter 2.1 keeps such answers in an LRU,
 * https://github.com/toncenter/ton-http-api/blob/HEAD/ton-http-api/pyTON/cache.py).
 * One reader instance per cache, so the sum is what a liteserver service replica may hold: about
 * 200 MiB as approximateBytes counts it, the largest share to account histories, which wallets and
 * explorers ask again and again.
 */
export const CACHE_BUDGETS = {
  /** lookupBlock by seqno: block ids. */
  blockIds: { entries: 20_000, bytes: 8 * MiB },
  /** getShards: liteServer.allShardsInfo data per masterchain seqno. */
  shardTops: { entries: 2_000, bytes: 4 * MiB },
  /** getBlockHeader: ids and header proofs. */
  blockHeaders: { entries: 5_000, bytes: 16 * MiB },
  /** getMasterchainBlockSignatures: the proofs carrying them. */
  blockSignatures: { entries: 2_000, bytes: 8 * MiB },
  /** getShardBlockProof from a given masterchain block. */
  shardBlockProofs: { entries: 1_000, bytes: 8 * MiB },
  /** getBlockTransactions pages. */
  blockTransactions: { entries: 1_000, bytes: 8 * MiB },
  /** getBlockTransactionsExt pages (whole transactions). */
  blockTransactionsExt: { entries: 1_000, bytes: 24 * MiB },
  /** Parsed liteServer.getTransactions chunks (≤ 16 transactions each). */
  transactionChunks: { entries: 10_000, bytes: 64 * MiB },
  /** tryLocate* answers. */
  locatedTransactions: { entries: 5_000, bytes: 8 * MiB },
  /** tryLocate*: an account's newest transaction in a block found by lt. */
  blockNewestTransactions: { entries: 20_000, bytes: 4 * MiB },
  /** getAddressInformation at a seqno (code and data included). */
  addressStates: { entries: 5_000, bytes: 16 * MiB },
  /** getExtendedAddressInformation at a seqno. */
  extendedStates: { entries: 5_000, bytes: 8 * MiB },
  /** getWalletInformation at a seqno. */
  walletStates: { entries: 5_000, bytes: 4 * MiB },
  /** getTokenData at a seqno (content and wallet code included). */
  tokenData: { entries: 5_000, bytes: 8 * MiB },
  /** runGetMethod(Std) results at a seqno. */
  methodRuns: { entries: 10_000, bytes: 8 * MiB },
  /** getConfigParam / getConfigAll at a seqno. */
  configs: { entries: 1_000, bytes: 8 * MiB },
} as const satisfies Record<string, CacheBudget>;

/** A cache of immutable answers of one kind, bounded by count and by approximate bytes. */
export function answerCache<T>(budget: CacheBudget): LiteserverCache<T> {
  return new LiteserverCache<T>(budget.entries, {
    maxBytes: budget.bytes,
    sizeOf: approximateBytes,
  });
}

/**
 * Pool options of a read "as of masterchain block `seqno`": routed to a liteserver that has reached
 * it (old ones to archival servers) and cached under `key`, since the state at a given block never
 * changes. A head read (no seqno) is neither pinned nor cached: its answer changes every block.
 */
export function atSeqno<T>(
  seqno: number | undefined,
  cache: LiteserverCache<T>,
  key: string,
): ExecuteOptions<T> {
  return seqno === undefined ? {} : { seqno, cache, cacheKey: `${key}@${String(seqno)}` };
}

/**
 * The masterchain seqno a block read may be routed by: the block's own seqno when it is a
 * masterchain block; undefined for a shard block, whose seqno counts another chain's blocks and says
 * nothing about which masterchain block a liteserver must have reached.
 */
export function masterchainSeqnoOf(workchain: number, seqno: number): number | undefined {
  return workchain === -1 ? seqno : undefined;
}
