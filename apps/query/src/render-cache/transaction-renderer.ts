import { type V3Transaction } from '@app/contracts';
import { type TransactionBundle, type TransactionRow } from '@app/database';
import { Injectable } from '@nestjs/common';
import { toV3Transaction } from '../transactions/transaction.mapper';
import { RenderedTransactions } from './rendered-transactions';

/** A trace of a page: its id and whether it is complete (only complete traces are kept whole). */
export interface PageTrace {
  readonly traceId: string;
  readonly complete: boolean;
}

/**
 * Renders transactions for the v3 handlers through RenderedTransactions: what is kept is answered
 * from memory, the rest is read in one batch, rendered and kept.
 */
@Injectable()
export class TransactionRenderer {
  constructor(private readonly cache: RenderedTransactions) {}

  /** `rows` rendered in their order; those not kept get their messages and states from `bundle`. */
  async ofRows(
    rows: readonly TransactionRow[],
    bundle: (rows: readonly TransactionRow[]) => Promise<TransactionBundle[]>,
  ): Promise<V3Transaction[]> {
    const kept = rows.map((row) => this.cache.transaction(row.hash));
    const missing = rows.filter((_, i) => kept[i] === undefined);
    const rendered = new Map<string, V3Transaction>();
    for (const b of missing.length === 0 ? [] : await bundle(missing)) {
      const tx = toV3Transaction(b);
      this.cache.keep(tx);
      rendered.set(tx.hash, tx);
    }
    return rows.flatMap((row, i) => {
      const tx = kept[i] ?? rendered.get(row.hash);
      return tx === undefined ? [] : [tx];
    });
  }

  /**
   * The transactions of `traces`, by trace id, each in (lt, account) order; the traces not kept are
   * read by `load` (one batch, in that order) and complete ones kept.
   */
  async ofTraces(
    traces: readonly PageTrace[],
    load: (traceIds: readonly string[]) => Promise<TransactionBundle[]>,
  ): Promise<Map<string, V3Transaction[]>> {
    const out = new Map<string, V3Transaction[]>();
    const missing: PageTrace[] = [];
    for (const t of traces) {
      const kept = t.complete ? this.cache.trace(t.traceId) : undefined;
      if (kept === undefined) {
        missing.push(t);
      } else {
        out.set(t.traceId, kept);
      }
    }
    if (missing.length === 0) {
      return out;
    }
    for (const b of await load(missing.map((t) => t.traceId))) {
      const tx = toV3Transaction(b);
      const id = b.tx.trace_id ?? '';
      const list = out.get(id);
      if (list === undefined) {
        out.set(id, [tx]);
      } else {
        list.push(tx);
      }
    }
    for (const t of missing) {
      const txs = out.get(t.traceId);
      if (t.complete && txs !== undefined) {
        this.cache.keepTrace(t.traceId, txs);
      }
    }
    return out;
  }
}
