import { type ActionsReq, type PageKey, type TimeRangeKey } from '@app/contracts';
import { type DataSource } from 'typeorm';
import { ActionEntity } from '../entities/action.entity';
import { type EntityRow, selectAll } from '../entities/query-row';
import {
  accountLtRanges,
  accountLtWindows,
  actionTraceEndLts,
  type LtRange,
  messageTraceLtRanges,
  messageTxLts,
  spanLtRanges,
  traceLtRanges,
  type TraceSpan,
  traceSpans,
  withinLtRanges,
} from './lt-lookup';
import { pageByLtWindows } from './lt-windows';
import { dir, SqlFilter } from './sql-filter';

/** An `actions` row (int8/numeric as decimal strings, `details` as stored by the decoder). */
export type ActionQueryRow = EntityRow<ActionEntity>;

/**
 * What /actions filters and pages by, as its parsed request names them. `supported_action_types`
 * comes expanded: the visible types, and the ancestors that hide a child.
 */
export type ActionFilter = Pick<
  ActionsReq,
  | 'account'
  | 'tx_hash'
  | 'msg_hash'
  | 'action_id'
  | 'trace_id'
  | 'mc_seqno'
  | TimeRangeKey
  | 'action_type'
  | 'exclude_action_type'
  | 'supported_action_types'
  | PageKey
>;

const COLUMNS = selectAll(ActionEntity, 'A');

/** Type visibility of https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py: supported types shown, actions under a supported ancestor hidden. */
function typeFilter(q: SqlFilter, f: ActionFilter): void {
  const supported = q.param(f.supported_action_types);
  if (f.action_type !== undefined && f.action_type.length > 0) {
    q.and(`A.type = ANY(${q.param(f.action_type)}::varchar[])`);
  } else {
    q.and(`A.type = ANY(${supported}::varchar[])`);
  }
  q.and(`NOT (A.ancestor_type && ${supported}::varchar[])`);
  if (f.exclude_action_type !== undefined && f.exclude_action_type.length > 0) {
    q.and(`NOT (A.type = ANY(${q.param(f.exclude_action_type)}::varchar[]))`);
  }
}

/**
 * Reads of /actions (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the
 * actions of traces (include_actions). Ordered by trace_end_lt, trace_id, end_lt, action_id (utime
 * columns with a utime filter).
 */
export class ActionQueryRepository {
  constructor(private readonly ds: DataSource) {}

  async list(f: ActionFilter): Promise<ActionQueryRow[]> {
    if (f.account === undefined || (f.action_id !== undefined && f.action_id.length > 0)) {
      return this.select(f, []);
    }
    // The ranges the account has actions in: only their partitions are planned and read; in
    // trace_end_lt order (no utime) newest first (oldest first ascending), one window after another
    // until the page is full.
    if (f.start_utime !== undefined || f.end_utime !== undefined) {
      return this.select(f, await accountLtRanges(this.ds, 'action_accounts', [f.account]));
    }
    const windows = await accountLtWindows(this.ds, 'action_accounts', [f.account]);
    return pageByLtWindows(windows, f.sort, f.limit, f.offset, (ranges, limit, offset) =>
      this.select({ ...f, limit, offset }, ranges),
    );
  }

  /** The page of `f`, an account's actions within `accountRanges` (of action_accounts). */
  private async select(
    f: ActionFilter,
    accountRanges: readonly LtRange[],
  ): Promise<ActionQueryRow[]> {
    const q = new SqlFilter();
    q.and('A.end_lt IS NOT NULL');
    const s = dir(f.sort);
    const byUtime = f.start_utime !== undefined || f.end_utime !== undefined;
    let from = 'actions A';
    if (f.action_id !== undefined && f.action_id.length > 0) {
      // An action_id filter discards every other filter
      // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
      q.and(`A.action_id = ANY(${q.param(f.action_id)}::char(44)[])`);
      // Their partitions only (action_lts), known when the statement is planned.
      q.and(
        `A.trace_end_lt = ANY(${q.param(await actionTraceEndLts(this.ds, f.action_id))}::bigint[])`,
      );
    } else {
      typeFilter(q, f);
      if (f.account !== undefined) {
        // Both tables are partitioned by trace_end_lt: the join on it probes one partition of actions
        // per row (run-time pruning), and the order below is action_accounts' primary key.
        from = `action_accounts AA JOIN actions A ON A.trace_end_lt = AA.trace_end_lt
          AND A.trace_id = AA.trace_id AND A.action_id = AA.action_id`;
        q.and(`AA.account = ${q.param(f.account)}`);
        // The account's ranges on both tables (a range is not carried across the join's equality
        // by the planner).
        q.and(withinLtRanges('AA.trace_end_lt', accountRanges, (v) => q.param(v)));
        q.and(withinLtRanges('A.trace_end_lt', accountRanges, (v) => q.param(v)));
      }
      if (f.tx_hash !== undefined && f.tx_hash.length > 0) {
        q.and(`A.tx_hashes && ${q.param(f.tx_hash)}::char(44)[]`);
      }
      if (f.msg_hash !== undefined && f.msg_hash.length > 0) {
        const p = q.param(f.msg_hash);
        const lts = q.param(await messageTxLts(this.ds, f.msg_hash));
        q.and(
          `EXISTS (SELECT 1 FROM messages M WHERE M.trace_id = A.trace_id AND (M.msg_hash = ANY(${p}::char(44)[]) OR M.msg_hash_norm = ANY(${p}::char(44)[])) AND M.tx_lt = ANY(${lts}::bigint[]))`,
        );
        const ranges = await messageTraceLtRanges(this.ds, f.msg_hash);
        q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
      }
      if (f.trace_id !== undefined && f.trace_id.length > 0) {
        q.and(`A.trace_id = ANY(${q.param(f.trace_id)}::char(44)[])`);
        const ranges = await traceLtRanges(this.ds, f.trace_id);
        q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
      }
      if (f.mc_seqno !== undefined) {
        q.and(`A.trace_mc_seqno_end = ${q.param(f.mc_seqno)}`);
      }
      if (f.start_utime !== undefined) {
        q.and(`A.trace_end_utime >= ${q.param(f.start_utime)}`);
      }
      if (f.end_utime !== undefined) {
        q.and(`A.trace_end_utime <= ${q.param(f.end_utime)}`);
      }
      if (f.start_lt !== undefined) {
        q.and(`A.trace_end_lt >= ${q.param(f.start_lt)}::bigint`);
      }
      if (f.end_lt !== undefined) {
        q.and(`A.trace_end_lt <= ${q.param(f.end_lt)}::bigint`);
      }
    }
    // By account in lt order, the same columns of action_accounts (equal by the join): its primary
    // key, so an account's newest page reads the partitions newest first and stops at the page's
    // last row (an ordered Append) instead of sorting the account's every action.
    const byAccountLt = !byUtime && from !== 'actions A';
    const order = byUtime
      ? `A.trace_end_utime ${s}, A.trace_id ${s}, A.end_utime ${s}, A.action_id ${s}`
      : byAccountLt
        ? `AA.trace_end_lt ${s}, AA.trace_id ${s}, AA.action_end_lt ${s}, AA.action_id ${s}`
        : `A.trace_end_lt ${s}, A.trace_id ${s}, A.end_lt ${s}, A.action_id ${s}`;
    return this.ds.query<ActionQueryRow[]>(
      `SELECT ${COLUMNS} FROM ${from}${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /**
   * Every action of whole traces, whatever its type (with `ancestor_type`), in `(trace_id,
   * start_lt, end_lt)` order: the Streaming API publishes them all and each gateway applies its
   * clients' supported-type filter
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py);
   * the /traces handler keeps them all and filters them too.
   */
  async everyOfTraces(traceIds: readonly string[]): Promise<ActionQueryRow[]> {
    return traceIds.length === 0 ? [] : this.everyOfTraceSpans(await traceSpans(this.ds, traceIds));
  }

  /** As everyOfTraces, for traces whose lt ranges the caller has read already (a page of traces). */
  async everyOfTraceSpans(spans: readonly TraceSpan[]): Promise<ActionQueryRow[]> {
    if (spans.length === 0) {
      return [];
    }
    // Within each trace's lt range, known when the statement is planned: the partitions of actions
    // of those ranges only.
    const q = new SqlFilter();
    q.and(`A.trace_id = ANY(${q.param(spans.map((s) => s.trace_id))}::char(44)[])`);
    q.and(withinLtRanges('A.trace_end_lt', spanLtRanges(spans), (v) => q.param(v)));
    return this.ds.query<ActionQueryRow[]>(
      `SELECT ${COLUMNS} FROM actions A${q.where()}
       ORDER BY A.trace_id, A.start_lt, A.end_lt, A.action_id`,
      q.params,
    );
  }

  /**
   * `action_accounts` of the given actions, keyed `trace_id:action_id`, accounts sorted. The actions'
   * trace_end_lt (the partition key) narrows the read to their partitions.
   */
  async accounts(
    keys: readonly { traceId: string; actionId: string; traceEndLt: string }[],
  ): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (keys.length === 0) {
      return out;
    }
    const rows = await this.ds.query<ActionAccountRow[]>(
      `SELECT AA.trace_id, AA.action_id, AA.account FROM action_accounts AA
       JOIN unnest($1::char(44)[], $2::char(44)[]) AS K(trace_id, action_id)
         ON AA.trace_id = K.trace_id AND AA.action_id = K.action_id
       WHERE AA.trace_end_lt = ANY($3::bigint[])
       ORDER BY AA.account`,
      [keys.map((k) => k.traceId), keys.map((k) => k.actionId), keys.map((k) => k.traceEndLt)],
    );
    return accountsByAction(rows, out);
  }

  /**
   * `action_accounts` of every action of whole traces (those everyOfTraceSpans reads), keyed as
   * accounts() keys them: read beside the actions instead of after them, one round trip less.
   */
  async accountsOfTraceSpans(spans: readonly TraceSpan[]): Promise<Map<string, string[]>> {
    if (spans.length === 0) {
      return new Map();
    }
    const q = new SqlFilter();
    q.and(`AA.trace_id = ANY(${q.param(spans.map((s) => s.trace_id))}::char(44)[])`);
    q.and(withinLtRanges('AA.trace_end_lt', spanLtRanges(spans), (v) => q.param(v)));
    const rows = await this.ds.query<ActionAccountRow[]>(
      `SELECT AA.trace_id, AA.action_id, AA.account FROM action_accounts AA${q.where()}
       ORDER BY AA.account`,
      q.params,
    );
    return accountsByAction(rows, new Map());
  }
}

interface ActionAccountRow {
  readonly trace_id: string;
  readonly action_id: string;
  readonly account: string;
}

/** `rows` (in account order) grouped into `out` by `trace_id:action_id`. */
function accountsByAction(
  rows: readonly ActionAccountRow[],
  out: Map<string, string[]>,
): Map<string, string[]> {
  for (const r of rows) {
    const key = `${r.trace_id}:${r.action_id}`;
    const list = out.get(key) ?? [];
    list.push(r.account);
    out.set(key, list);
  }
  return out;
}
