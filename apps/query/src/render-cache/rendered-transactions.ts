import { type V3Transaction } from '@app/contracts';

/** What a rendered transaction is counted as: its fixed fields plus each message and its BoCs. */
const TRANSACTION_BYTES = 2048;
const MESSAGE_BYTES = 768;

interface Entry {
  readonly value: V3Transaction;
  readonly bytes: number;
}

/**
 * Transactions as the v3 API renders them (toV3Transaction), kept between requests within a byte
 * budget, least recently used first out. A transaction in a finalized block never changes once the
 * decoder has stamped its trace_id, and a complete trace never gains a transaction, so neither is
 * ever invalidated; anything else is not kept. The busiest accounts' pages are asked again and again
 * (wallet apps poll them), and a cached page skips the messages and account states reads and their
 * rendering: bench/reports/v3-queries.md measured ~60 ms of the query service's CPU per traces page
 * of a busy account, most of it parsing and rendering ~1,000 rows.
 *
 * Byte counts are estimates (a base per transaction and per message plus the lengths of the BoC
 * strings); a budget of 0 keeps nothing.
 */
export class RenderedTransactions {
  private readonly transactions = new Map<string, Entry>();
  /** Complete traces: their transaction hashes, in the trace's (lt, account) order. */
  private readonly traces = new Map<string, readonly string[]>();
  private totalBytes = 0;

  constructor(readonly budgetBytes: number) {}

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.transactions.size;
  }

  /** The rendered transaction `hash`, which becomes the most recently used. */
  transaction(hash: string): V3Transaction | undefined {
    const entry = this.transactions.get(hash);
    if (entry === undefined) {
      return undefined;
    }
    this.transactions.delete(hash);
    this.transactions.set(hash, entry);
    return entry.value;
  }

  /** Every transaction of the complete trace `traceId` in order, or undefined if any is not kept. */
  trace(traceId: string): V3Transaction[] | undefined {
    const hashes = this.traces.get(traceId);
    if (hashes === undefined) {
      return undefined;
    }
    const out: V3Transaction[] = [];
    for (const hash of hashes) {
      const tx = this.transaction(hash);
      if (tx === undefined) {
        this.traces.delete(traceId);
        return undefined;
      }
      out.push(tx);
    }
    return out;
  }

  /** Keeps `tx` if nothing about it can change any more: its trace_id is stamped. */
  keep(tx: V3Transaction): void {
    if (tx.trace_id === undefined || this.budgetBytes === 0) {
      return;
    }
    const bytes = estimatedBytes(tx);
    if (bytes > this.budgetBytes) {
      return;
    }
    const old = this.transactions.get(tx.hash);
    if (old !== undefined) {
      this.transactions.delete(tx.hash);
      this.totalBytes -= old.bytes;
    }
    this.transactions.set(tx.hash, { value: tx, bytes });
    this.totalBytes += bytes;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const [hash, entry] of this.transactions) {
      if (this.totalBytes <= this.budgetBytes) {
        break;
      }
      this.transactions.delete(hash);
      this.totalBytes -= entry.bytes;
    }
  }

  /** Keeps a complete trace's transactions (in order) and which they are. */
  keepTrace(traceId: string, ordered: readonly V3Transaction[]): void {
    if (this.budgetBytes === 0 || ordered.some((tx) => tx.trace_id !== traceId)) {
      return;
    }
    for (const tx of ordered) {
      this.keep(tx);
    }
    this.traces.delete(traceId);
    this.traces.set(
      traceId,
      ordered.map((tx) => tx.hash),
    );
    // The index of traces is small (hashes only); bound it by the transactions it can point to.
    for (const id of this.traces.keys()) {
      if (this.traces.size <= this.transactions.size) {
        break;
      }
      this.traces.delete(id);
    }
  }
}

function estimatedBytes(tx: V3Transaction): number {
  let bytes = TRANSACTION_BYTES;
  for (const m of tx.in_msg === null ? tx.out_msgs : [tx.in_msg, ...tx.out_msgs]) {
    bytes +=
      MESSAGE_BYTES + (m.message_content?.body?.length ?? 0) + (m.init_state?.body?.length ?? 0);
  }
  return bytes;
}
