import { type DataSource } from 'typeorm';
import {
  accountLtRanges,
  accountLtWindows,
  type LtRange,
  messageTxLts,
  transactionLts,
  withinLtRanges,
} from './lt-lookup';
import { pageByLtWindows } from './lt-windows';
import { dir, SqlFilter } from './sql-filter';

/** A `traces` row (int8 as decimal strings). */
export interface TraceRow {
  trace_id: string;
  external_hash: string | null;
  mc_seqno_start: number;
  mc_seqno_end: number;
  start_lt: string;
  start_utime: number;
  end_lt: string;
  end_utime: number;
  state: string;
  edges_: string;
  nodes_: string;
  pending_edges_: string;
  classification_state: string;
}

export interface TraceFilter {
  account?: string | undefined;
  traceIds?: readonly string[] | undefined;
  txHashes?: readonly string[] | undefined;
  msgHashes?: readonly string[] | undefined;
  mcSeqno?: number | undefined;
  startUtime?: number | undefined;
  endUtime?: number | undefined;
  startLt?: string | undefined;
  endLt?: string | undefined;
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

/** A transaction of trace `E`, within the trace's lt range (the partitions of that range only). */
const IN_TRACE = 'T.trace_id = E.trace_id AND T.lt >= E.start_lt AND T.lt <= E.end_lt';

/**
 * Reads of /traces (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): filters on
 * transactions and messages as EXISTS sub-queries (an account's traces in end_lt order from
 * trace_accounts), ordered by end_lt (end_utime with a utime filter), then trace_id.
 */
export class TraceQueryRepository {
  constructor(private readonly ds: DataSource) {}

  async list(f: TraceFilter): Promise<TraceRow[]> {
    const byUtime = f.startUtime !== undefined || f.endUtime !== undefined;
    if (f.account === undefined) {
      return this.select(f, undefined);
    }
    if (!byUtime) {
      // In end_lt order: the account's partitions of trace_accounts newest first (oldest first
      // ascending), one window after another until the page is full.
      const windows = await accountLtWindows(this.ds, 'trace_accounts', [f.account]);
      return pageByLtWindows(windows, f.sort, f.limit, f.offset, (ranges, limit, offset) =>
        this.select({ ...f, limit, offset }, ranges),
      );
    }
    return this.select(f, await accountLtRanges(this.ds, 'transactions', [f.account]));
  }

  /**
   * The page of `f` with the account's rows within `accountRanges` (of trace_accounts in end_lt
   * order, of transactions by utime), when there is an account.
   */
  private async select(
    f: TraceFilter,
    accountRanges: readonly LtRange[] | undefined,
  ): Promise<TraceRow[]> {
    const q = new SqlFilter();
    const byUtime = f.startUtime !== undefined || f.endUtime !== undefined;
    // An account's traces in end_lt order are a range of trace_accounts (its trace_end_lt is the
    // trace's end_lt, written with it); ordered by utime, they are still found through transactions.
    const byAccount = f.account !== undefined && !byUtime;
    const endLt = byAccount ? 'A.trace_end_lt' : 'E.end_lt';
    const traceId = byAccount ? 'A.trace_id' : 'E.trace_id';
    if (f.startUtime !== undefined) {
      q.and(`E.end_utime >= ${q.param(f.startUtime)}`);
    }
    if (f.endUtime !== undefined) {
      q.and(`E.end_utime <= ${q.param(f.endUtime)}`);
    }
    if (f.startLt !== undefined) {
      q.and(`${endLt} >= ${q.param(f.startLt)}::bigint`);
    }
    if (f.endLt !== undefined) {
      q.and(`${endLt} <= ${q.param(f.endLt)}::bigint`);
    }
    // The ranges the account has rows in (`account_lt_ranges`): only their partitions are planned
    // and read.
    const ranges = accountRanges ?? [];
    if (byAccount && f.account !== undefined) {
      q.and(`A.account = ${q.param(f.account)}`);
      q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
    } else if (f.account !== undefined) {
      q.and(
        `EXISTS (SELECT 1 FROM transactions T WHERE ${IN_TRACE} AND T.account = ${q.param(f.account)} AND ${withinLtRanges('T.lt', ranges, (v) => q.param(v))})`,
      );
    }
    if (f.txHashes !== undefined && f.txHashes.length > 0) {
      const p = q.param(f.txHashes);
      const lts = q.param(await transactionLts(this.ds, f.txHashes));
      q.and(
        `EXISTS (SELECT 1 FROM transactions T WHERE ${IN_TRACE} AND T.hash = ANY(${p}::char(44)[]) AND T.lt = ANY(${lts}::bigint[]))`,
      );
    }
    if (f.msgHashes !== undefined && f.msgHashes.length > 0) {
      const p = q.param(f.msgHashes);
      const lts = q.param(await messageTxLts(this.ds, f.msgHashes));
      q.and(
        `EXISTS (SELECT 1 FROM messages M WHERE M.trace_id = E.trace_id AND (M.msg_hash = ANY(${p}::char(44)[]) OR M.msg_hash_norm = ANY(${p}::char(44)[])) AND M.tx_lt = ANY(${lts}::bigint[]))`,
      );
    }
    if (f.traceIds !== undefined && f.traceIds.length > 0) {
      q.and(`E.trace_id = ANY(${q.param(f.traceIds)}::char(44)[])`);
    }
    if (f.mcSeqno !== undefined) {
      q.and(`E.state = 'complete' AND E.mc_seqno_end = ${q.param(f.mcSeqno)}`);
    }
    const s = dir(f.sort);
    const order = byUtime ? `E.end_utime ${s}, E.trace_id ${s}` : `${endLt} ${s}, ${traceId} ${s}`;
    const from = byAccount
      ? 'trace_accounts A JOIN traces E ON E.trace_id = A.trace_id'
      : 'traces E';
    return this.ds.query<TraceRow[]>(
      `SELECT E.trace_id, E.external_hash, E.mc_seqno_start, E.mc_seqno_end, E.start_lt,
              E.start_utime, E.end_lt, E.end_utime, E.state::text AS state, E.edges_, E.nodes_,
              E.pending_edges_, E.classification_state::text AS classification_state
       FROM ${from}${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }
}
