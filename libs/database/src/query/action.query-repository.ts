import { type ActionAccountColumns } from '@app/actions';
import { type DataSource } from 'typeorm';
import {
  accountLtRanges,
  actionTraceEndLts,
  messageTraceLtRanges,
  messageTxLts,
  traceLtRanges,
  withinLtRanges,
} from './lt-lookup';
import { dir, SqlFilter } from './sql-filter';

/** An `actions` row (int8/numeric as decimal strings, `details` as stored by the decoder). */
export interface ActionQueryRow extends ActionAccountColumns {
  trace_id: string;
  action_id: string;
  start_lt: string;
  end_lt: string;
  start_utime: number;
  end_utime: number;
  opcode: string | null;
  tx_hashes: string[];
  type: string;
  value: string | null;
  amount: string | null;
  success: boolean | null;
  trace_end_lt: string;
  trace_end_utime: number;
  trace_external_hash: string | null;
  trace_external_hash_norm: string | null;
  mc_seqno_end: number;
  trace_mc_seqno_end: number;
  parent_action_id: string | null;
  ancestor_type: string[];
  value_extra_currencies: Record<string, string> | null;
  /** `{ "<type>_data": {...} }` with 64-bit numbers as strings. */
  details: Record<string, unknown>;
}

export interface ActionFilter {
  account?: string | undefined;
  txHashes?: readonly string[] | undefined;
  msgHashes?: readonly string[] | undefined;
  actionIds?: readonly string[] | undefined;
  traceIds?: readonly string[] | undefined;
  mcSeqno?: number | undefined;
  startUtime?: number | undefined;
  endUtime?: number | undefined;
  startLt?: string | undefined;
  endLt?: string | undefined;
  /** Include only these types (replaces the supported-type inclusion). */
  actionTypes?: readonly string[] | undefined;
  excludeActionTypes?: readonly string[] | undefined;
  /** Expanded supported types: the visible types, and the ancestors that hide a child. */
  supported: readonly string[];
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

const COLUMNS = `A.trace_id, A.action_id, A.start_lt, A.end_lt, A.start_utime, A.end_utime, A.source,
  A.source_secondary, A.destination, A.destination_secondary, A.asset, A.asset_secondary, A.asset2,
  A.asset2_secondary, A.opcode, A.tx_hashes::text[] AS tx_hashes, A.type, A.value::text AS value,
  A.amount::text AS amount, A.success, A.trace_end_lt, A.trace_end_utime, A.trace_external_hash,
  A.trace_external_hash_norm, A.mc_seqno_end, A.trace_mc_seqno_end, A.parent_action_id,
  A.ancestor_type::text[] AS ancestor_type, A.value_extra_currencies, A.details`;

/** Type visibility of https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py: supported types shown, actions under a supported ancestor hidden. */
function typeFilter(q: SqlFilter, f: ActionFilter): void {
  const supported = q.param(f.supported);
  if (f.actionTypes !== undefined && f.actionTypes.length > 0) {
    q.and(`A.type = ANY(${q.param(f.actionTypes)}::varchar[])`);
  } else {
    q.and(`A.type = ANY(${supported}::varchar[])`);
  }
  q.and(`NOT (A.ancestor_type && ${supported}::varchar[])`);
  if (f.excludeActionTypes !== undefined && f.excludeActionTypes.length > 0) {
    q.and(`NOT (A.type = ANY(${q.param(f.excludeActionTypes)}::varchar[]))`);
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
    const q = new SqlFilter();
    q.and('A.end_lt IS NOT NULL');
    const s = dir(f.sort);
    const byUtime = f.startUtime !== undefined || f.endUtime !== undefined;
    let from = 'actions A';
    if (f.actionIds !== undefined && f.actionIds.length > 0) {
      // An action_id filter discards every other filter
      // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
      q.and(`A.action_id = ANY(${q.param(f.actionIds)}::char(44)[])`);
      // Their partitions only (action_lts), known when the statement is planned.
      q.and(
        `A.trace_end_lt = ANY(${q.param(await actionTraceEndLts(this.ds, f.actionIds))}::bigint[])`,
      );
    } else {
      typeFilter(q, f);
      if (f.account !== undefined) {
        // Both tables are partitioned by trace_end_lt: the join on it probes one partition of actions
        // per row (run-time pruning), and the order below is action_accounts' primary key.
        from = `action_accounts AA JOIN actions A ON A.trace_end_lt = AA.trace_end_lt
          AND A.trace_id = AA.trace_id AND A.action_id = AA.action_id`;
        q.and(`AA.account = ${q.param(f.account)}`);
        // The ranges the account has actions in, on both tables: only their partitions are
        // planned and read (a range is not carried across the join's equality by the planner).
        const ranges = await accountLtRanges(this.ds, 'action_accounts', [f.account]);
        q.and(withinLtRanges('AA.trace_end_lt', ranges, (v) => q.param(v)));
        q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
      }
      if (f.txHashes !== undefined && f.txHashes.length > 0) {
        q.and(`A.tx_hashes && ${q.param(f.txHashes)}::char(44)[]`);
      }
      if (f.msgHashes !== undefined && f.msgHashes.length > 0) {
        const p = q.param(f.msgHashes);
        const lts = q.param(await messageTxLts(this.ds, f.msgHashes));
        q.and(
          `EXISTS (SELECT 1 FROM messages M WHERE M.trace_id = A.trace_id AND (M.msg_hash = ANY(${p}::char(44)[]) OR M.msg_hash_norm = ANY(${p}::char(44)[])) AND M.tx_lt = ANY(${lts}::bigint[]))`,
        );
        const ranges = await messageTraceLtRanges(this.ds, f.msgHashes);
        q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
      }
      if (f.traceIds !== undefined && f.traceIds.length > 0) {
        q.and(`A.trace_id = ANY(${q.param(f.traceIds)}::char(44)[])`);
        const ranges = await traceLtRanges(this.ds, f.traceIds);
        q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
      }
      if (f.mcSeqno !== undefined) {
        q.and(`A.trace_mc_seqno_end = ${q.param(f.mcSeqno)}`);
      }
      if (f.startUtime !== undefined) {
        q.and(`A.trace_end_utime >= ${q.param(f.startUtime)}`);
      }
      if (f.endUtime !== undefined) {
        q.and(`A.trace_end_utime <= ${q.param(f.endUtime)}`);
      }
      if (f.startLt !== undefined) {
        q.and(`A.trace_end_lt >= ${q.param(f.startLt)}::bigint`);
      }
      if (f.endLt !== undefined) {
        q.and(`A.trace_end_lt <= ${q.param(f.endLt)}::bigint`);
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
    if (traceIds.length === 0) {
      return [];
    }
    // Within each trace's lt range, known when the statement is planned: the partitions of actions
    // of those ranges only.
    const ranges = await traceLtRanges(this.ds, traceIds);
    const q = new SqlFilter();
    q.and(`A.trace_id = ANY(${q.param(traceIds)}::char(44)[])`);
    q.and(withinLtRanges('A.trace_end_lt', ranges, (v) => q.param(v)));
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
    const rows = await this.ds.query<{ trace_id: string; action_id: string; account: string }[]>(
      `SELECT AA.trace_id, AA.action_id, AA.account FROM action_accounts AA
       JOIN unnest($1::char(44)[], $2::char(44)[]) AS K(trace_id, action_id)
         ON AA.trace_id = K.trace_id AND AA.action_id = K.action_id
       WHERE AA.trace_end_lt = ANY($3::bigint[])
       ORDER BY AA.account`,
      [keys.map((k) => k.traceId), keys.map((k) => k.actionId), keys.map((k) => k.traceEndLt)],
    );
    for (const r of rows) {
      const key = `${r.trace_id}:${r.action_id}`;
      const list = out.get(key) ?? [];
      list.push(r.account);
      out.set(key, list);
    }
    return out;
  }
}
