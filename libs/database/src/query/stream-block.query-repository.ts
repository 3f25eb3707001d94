import { type DataSource } from 'typeorm';
import { type QueryRow } from '../entities/query-row';
import { type TraceEntity } from '../entities/trace.entity';
import { type TraceSpan } from './lt-lookup';
import { jettonWalletColumns, type JettonWalletQueryRow } from './token-query.rows';
import { type TransactionQueryRepository } from './transaction.query-repository';
import { type TransactionBundle, type TransactionRow } from './transaction.rows';

type TraceKeyRow = QueryRow<TraceEntity, 'traceId' | 'externalHashNorm'>;

/**
 * A trace the Streaming API publishes: touched by a masterchain block and started by an external. Its
 * id and its `traces.external_hash_norm` (TEP-467 normalised hash of the root's external in-message,
 * its own hash when equal), neither null: only external-rooted traces are read; and its lt span, so
 * that its transactions and actions are read without looking the span up again.
 */
export type StreamedTraceRow = {
  [K in keyof TraceKeyRow]: NonNullable<TraceKeyRow[K]>;
} & TraceSpan;

/**
 * What one decoded masterchain block changed, for the Streaming API's publisher (apps/query
 * streaming): its traces, the newest transaction of each account, the jetton wallets it wrote, and its
 * generation time. Each is one indexed query (`transactions_mc_block_seqno_lt_idx`).
 */
export class StreamBlockQueryRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly transactions: TransactionQueryRepository,
  ) {}

  /**
   * Traces with a transaction in block `mcSeqno` whose root consumed an external message (toncenter's
   * trace key; tick-tock and other internal-rooted traces have none and are not streamed). An
   * external-in message is the only inbound one without a source; `msg_hash_norm` is stored only when
   * it differs from the hash (toncenter's rule), hence the coalesce.
   */
  streamedTraces(mcSeqno: number): Promise<StreamedTraceRow[]> {
    return this.ds.query<StreamedTraceRow[]>(
      `SELECT DISTINCT T.trace_id, coalesce(M.msg_hash_norm, M.msg_hash) AS external_hash_norm,
         E.start_lt::text AS start_lt, E.end_lt::text AS end_lt
       FROM transactions T
       JOIN messages M ON M.tx_hash = T.trace_id AND M.direction = 'in' AND M.source IS NULL
       JOIN traces E ON E.trace_id = T.trace_id
       WHERE T.mc_block_seqno = $1 AND T.trace_id IS NOT NULL
       ORDER BY T.trace_id`,
      [mcSeqno],
    );
  }

  /** The newest transaction of every account in block `mcSeqno` (its state is the account's state after the block). */
  async latestTransactionsOfAccounts(mcSeqno: number): Promise<TransactionBundle[]> {
    const rows = await this.ds.query<TransactionRow[]>(
      `SELECT DISTINCT ON (T.account) T.* FROM transactions T WHERE T.mc_block_seqno = $1
       ORDER BY T.account, T.lt DESC`,
      [mcSeqno],
    );
    return this.transactions.bundle(rows);
  }

  /**
   * Jetton wallets whose row was last written by block `mcSeqno`: the decoder sets
   * `last_transaction_lt` to the account's newest lt in the block it decodes, so the row's lt names
   * that block's transaction. A wallet written again by a later block matches that block instead (its
   * intermediate balance is gone from the table; the newest one is published, once, in order).
   */
  jettonWalletsWrittenBy(mcSeqno: number): Promise<JettonWalletQueryRow[]> {
    return this.ds.query<JettonWalletQueryRow[]>(
      `SELECT ${jettonWalletColumns('W')} FROM jetton_wallets W
       JOIN transactions T ON T.account = W.address AND T.lt = W.last_transaction_lt
       WHERE T.mc_block_seqno = $1 ORDER BY W.address`,
      [mcSeqno],
    );
  }

  /** `gen_utime` of masterchain block `mcSeqno` (unix seconds), null when it is not stored. */
  async masterchainGenUtime(mcSeqno: number): Promise<number | null> {
    const rows = await this.ds.query<{ gen_utime: string }[]>(
      `SELECT gen_utime::text FROM blocks WHERE workchain = -1 AND seqno = $1 LIMIT 1`,
      [mcSeqno],
    );
    const row = rows[0];
    return row === undefined ? null : Number(row.gen_utime);
  }
}
