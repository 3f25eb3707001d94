import { type V3Transaction } from '@app/contracts';
import { rememberJson } from '@app/nats';
import { ByteBudgetLru } from './byte-budget-lru';

/** What a rendered transaction is counted as: its fixed fields plus each message and its BoCs. */
const TRANSACTION_BYTES = 2048;
const MESSAGE_BYTES = 768;

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
  private readonly transactions: ByteBudgetLru<V3Transaction>;
  /** Complete traces: their transaction hashes, in the trace's (lt, account) order. */
  private readonly traces = new Map<string, readonly string[]>();

  constructor(readonly budgetBytes: number) {
    this.transactions = new ByteBudgetLru(budgetBytes);
  }

  get bytes(): number {
    return this.transactions.bytes;
  }

  get size(): number {
    return this.transactions.size;
  }

  /** The rendered transaction `hash`, which becomes the most recently used. */
  transaction(hash: string): V3Transaction | undefined {
    return this.transactions.get(hash);
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
    if (tx.trace_id !== undefined && this.budgetBytes > 0) {
      // Its text too, spliced into every reply that includes it (stringifyReply).
      const json = JSON.stringify(tx);
      rememberJson(tx, json);
      this.transactions.set(tx.hash, tx, estimatedBytes(tx) + json.length);
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
