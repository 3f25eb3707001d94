import {
  type PageKey,
  type TimeRangeKey,
  type TransactionsByMessageReq,
  type TransactionsReq,
} from '@app/contracts';
import { type DataSource } from 'typeorm';
import { AccountStateEntity } from '../entities/account-state.entity';
import { selectAll } from '../entities/query-row';
import { messageContentJoins } from '../entities/message-contents.row';
import {
  accountLtRanges,
  accountLtWindows,
  coveringLtRanges,
  type LtRange,
  messageTxLts,
  spanLtRanges,
  type TraceSpan,
  traceSpans,
  transactionLts,
  withinLtRanges,
} from './lt-lookup';
import { pageByLtWindows } from './lt-windows';
import { dir, SqlFilter } from './sql-filter';
import {
  MESSAGE_COLUMNS,
  type AccountStateRow,
  type MessageRow,
  type TransactionBundle,
  type TransactionRow,
  bundleTransactions,
} from './transaction.rows';

/**
 * What the transaction pages filter by, as their parsed requests name them: /transactions (and
 * transactionsByMasterchainBlock), and transactionsByMessage, whose filters join `messages M`.
 */
export type TransactionFilter = Partial<
  Pick<
    TransactionsReq,
    'workchain' | 'shard' | 'seqno' | 'mc_seqno' | 'account' | 'hash' | 'lt' | TimeRangeKey
  >
> &
  Pick<
    TransactionsByMessageReq,
    | 'msg_hash'
    | 'body_hash'
    | 'opcode'
    | 'direction'
    | 'source'
    | 'destination'
    | 'exclude_externals'
    | 'only_externals'
  > &
  Pick<TransactionsReq, PageKey>;

const STATE_SELECT = `SELECT ${selectAll(AccountStateEntity)} FROM account_states`;

export const MESSAGE_SELECT = `SELECT ${MESSAGE_COLUMNS} FROM messages M
  ${messageContentJoins('M', 'B', 'I')}`;

/**
 * A transaction of trace `E`: its transactions lie in the trace's lt range, which limits the
 * partitions read to that range's.
 */
const IN_TRACE = 'T.trace_id = E.trace_id AND T.lt >= E.start_lt AND T.lt <= E.end_lt';

/**
 * The message filters transactionsByMessage shares with /messages: source and destination (null is
 * IS NULL), and external-in messages (no source) left out or kept alone.
 */
function messageEnds(q: SqlFilter, f: TransactionFilter): void {
  for (const [column, value] of [
    ['M.source', f.source],
    ['M.destination', f.destination],
  ] as const) {
    if (value === null) {
      q.and(`${column} IS NULL`);
    } else if (value !== undefined) {
      q.and(`${column} = ${q.param(value)}`);
    }
  }
  if (f.exclude_externals === true) {
    q.and('M.source IS NOT NULL');
  }
  if (f.only_externals === true) {
    q.and('M.source IS NULL');
  }
}

/**
 * The lt ranges in which the messages' source and destination have messages (`account_lt_ranges`),
 * on both sides of the join (`M.tx_lt = T.lt`): a range condition is not carried across an
 * equality by the planner, and each table prunes only by its own column.
 */
async function messageEndRanges(
  ds: Pick<DataSource, 'query'>,
  q: SqlFilter,
  f: TransactionFilter,
): Promise<void> {
  for (const end of [f.source, f.destination]) {
    if (typeof end === 'string') {
      const ranges = await accountLtRanges(ds, 'messages', [end]);
      q.and(withinLtRanges('M.tx_lt', ranges, (v) => q.param(v)));
      q.and(withinLtRanges('T.lt', ranges, (v) => q.param(v)));
    }
  }
}

/** transactionsByMessage's filters: the statement joins `messages M`. */
function byMessage(f: TransactionFilter): boolean {
  return (
    f.msg_hash !== undefined ||
    f.body_hash !== undefined ||
    f.opcode !== undefined ||
    f.direction !== undefined
  );
}

/**
 * Transactions of accounts ordered by lt (then account) and nothing else: no utime (ordered by
 * now), no hashes (ordered by hash), no single lt, no message join.
 */
function byAccountLt(f: TransactionFilter): boolean {
  return (
    f.start_utime === undefined &&
    f.end_utime === undefined &&
    (f.hash === undefined || f.hash.length === 0) &&
    f.lt === undefined &&
    !byMessage(f)
  );
}

/**
 * Reads of the v3 transaction endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the rows in
 * toncenter's order, then their messages, bodies and account states in one batched query each (no
 * per-row queries).
 */
export class TransactionQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** transactions / transactionsByMasterchainBlock / transactionsByMessage, with their messages and states. */
  async list(f: TransactionFilter): Promise<TransactionBundle[]> {
    return this.bundle(await this.page(f));
  }

  /** The transaction rows of a page of `f`, with toncenter's order rules (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  async page(f: TransactionFilter): Promise<TransactionRow[]> {
    const accounts = f.account !== undefined && f.account.length > 0 ? f.account : undefined;
    if (accounts === undefined) {
      return this.select(f, undefined);
    }
    if (byAccountLt(f)) {
      // In lt order: the account's partitions newest first (oldest first ascending), one window
      // after another until the page is full.
      const windows = await accountLtWindows(this.ds, 'transactions', accounts);
      return pageByLtWindows(windows, f.sort, f.limit, f.offset, (ranges, limit, offset) =>
        this.select({ ...f, limit, offset }, ranges),
      );
    }
    // The ranges the accounts have transactions in: only their partitions are planned and read.
    return this.select(f, await accountLtRanges(this.ds, 'transactions', accounts));
  }

  /** The page of `f` with T.lt within `accountRanges` (the accounts' ranges of the map), if given. */
  private async select(
    f: TransactionFilter,
    accountRanges: readonly LtRange[] | undefined,
  ): Promise<TransactionRow[]> {
    const hashes = f.hash !== undefined && f.hash.length > 0 ? f.hash : undefined;
    const msgHashes = f.msg_hash !== undefined && f.msg_hash.length > 0 ? f.msg_hash : undefined;
    const txLts = hashes === undefined ? undefined : await transactionLts(this.ds, hashes);
    const msgLts = msgHashes === undefined ? undefined : await messageTxLts(this.ds, msgHashes);
    const q = new SqlFilter();
    const s = dir(f.sort);
    const byUtime = f.start_utime !== undefined || f.end_utime !== undefined;
    // The rules of
    // https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml, later ones
    // overriding earlier ones.
    let order = byUtime ? `T.now ${s}, T.lt ${s}, T.account ASC` : `T.lt ${s}, T.account ASC`;
    if (f.start_utime !== undefined) {
      q.and(`T.now >= ${q.param(f.start_utime)}`);
    }
    if (f.end_utime !== undefined) {
      q.and(`T.now <= ${q.param(f.end_utime)}`);
    }
    if (f.start_lt !== undefined) {
      q.and(`T.lt >= ${q.param(f.start_lt)}::bigint`);
    }
    if (f.end_lt !== undefined) {
      q.and(`T.lt <= ${q.param(f.end_lt)}::bigint`);
    }
    const workchain = f.workchain === undefined ? undefined : q.param(f.workchain);
    const shard = f.shard === undefined ? undefined : q.param(f.shard);
    const seqno = f.seqno === undefined ? undefined : q.param(f.seqno);
    if (workchain !== undefined) {
      q.and(`T.block_workchain = ${workchain}`);
    }
    if (shard !== undefined) {
      q.and(`T.block_shard = ${shard}::bigint`);
    }
    if (seqno !== undefined) {
      q.and(`T.block_seqno = ${seqno}`);
    }
    if (workchain !== undefined && shard !== undefined && seqno !== undefined) {
      // A block's transactions lie in its lt range: the partitions of that range only.
      const block = `FROM blocks B WHERE B.workchain = ${workchain} AND B.shard = ${shard}::bigint AND B.seqno = ${seqno}`;
      q.and(`T.lt >= (SELECT B.start_lt ${block}) AND T.lt <= (SELECT B.end_lt ${block})`);
    }
    if (f.mc_seqno !== undefined) {
      const mc = q.param(f.mc_seqno);
      q.and(`T.mc_block_seqno = ${mc}`);
      // The lt range of the blocks the masterchain block commits (and its own).
      q.and(
        `T.lt >= (SELECT min(B.start_lt) FROM blocks B WHERE B.mc_block_seqno = ${mc}) AND T.lt <= (SELECT max(B.end_lt) FROM blocks B WHERE B.mc_block_seqno = ${mc})`,
      );
      order = `T.lt ${s}, T.account ASC`;
    }
    const single = f.account?.length === 1 ? f.account[0] : undefined;
    if (single !== undefined) {
      q.and(`T.account = ${q.param(single)}`);
      order = byUtime ? `T.account ${s}, T.now ${s}, T.lt ${s}` : `T.account ${s}, T.lt ${s}`;
    } else if (f.account !== undefined && f.account.length > 1) {
      q.and(`T.account = ANY(${q.param(f.account)}::varchar[])`);
    }
    if (accountRanges !== undefined) {
      q.and(withinLtRanges('T.lt', accountRanges, (v) => q.param(v)));
    }
    if (hashes !== undefined) {
      q.and(`T.hash = ANY(${q.param(hashes)}::char(44)[])`);
      q.and(`T.lt = ANY(${q.param(txLts)}::bigint[])`);
      order = `T.hash ${s}`;
    }
    if (f.lt !== undefined) {
      q.and(`T.lt = ${q.param(f.lt)}::bigint`);
      order = `T.lt, T.account ${s}`;
    }
    let from = 'transactions T';
    if (byMessage(f)) {
      from = 'messages M JOIN transactions T ON M.tx_hash = T.hash AND M.tx_lt = T.lt';
      if (f.direction !== undefined) {
        q.and(`M.direction = ${q.param(f.direction)}::msg_direction`);
      }
      if (msgHashes !== undefined) {
        const p = q.param(msgHashes);
        q.and(`(M.msg_hash = ANY(${p}::char(44)[]) OR M.msg_hash_norm = ANY(${p}::char(44)[]))`);
        const lts = q.param(msgLts);
        q.and(`M.tx_lt = ANY(${lts}::bigint[]) AND T.lt = ANY(${lts}::bigint[])`);
      }
      if (f.body_hash !== undefined) {
        q.and(`M.body_hash = ${q.param(f.body_hash)}`);
      }
      if (f.opcode !== undefined) {
        // toncenter's opcode filter also means the incoming message
        // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
        q.and(`M.opcode = ${q.param(f.opcode)} AND M.direction = 'in'`);
      }
      messageEnds(q, f);
      await messageEndRanges(this.ds, q, f);
    }
    return this.ds.query<TransactionRow[]>(
      `SELECT T.* FROM ${from}${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** The transactions of `hashes`, ordered by lt ascending (adjacentTransactions, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  async byHashes(hashes: readonly string[]): Promise<TransactionBundle[]> {
    if (hashes.length === 0) {
      return [];
    }
    const rows = await this.ds.query<TransactionRow[]>(
      `SELECT T.* FROM transactions T WHERE T.hash = ANY($1::char(44)[]) AND T.lt = ANY($2::bigint[])
       ORDER BY T.lt ASC, T.account ASC`,
      [hashes, await transactionLts(this.ds, hashes)],
    );
    return this.bundle(rows);
  }

  /** Hashes of the transactions sharing a message with `hash` in the opposite direction (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  async adjacentHashes(hash: string, direction: 'in' | 'out' | undefined): Promise<string[]> {
    // Both ends are read with their lts known (transaction_lts, then message_lts of the
    // transaction's messages), so each reads only its partitions.
    const txLts = await transactionLts(this.ds, [hash]);
    const ends = await this.ds.query<{ lt: string }[]>(
      `SELECT DISTINCT ML.tx_lt::text AS lt FROM messages M1
       JOIN message_lts ML ON ML.msg_hash = M1.msg_hash
       WHERE M1.tx_hash = $1 AND M1.tx_lt = ANY($2::bigint[])`,
      [hash, txLts],
    );
    const params: unknown[] = [hash, txLts, ends.map((e) => e.lt)];
    let sql = `SELECT DISTINCT M2.tx_hash FROM messages M1
      JOIN messages M2 ON M1.msg_hash = M2.msg_hash AND M1.direction <> M2.direction
      WHERE M1.tx_hash = $1 AND M1.tx_lt = ANY($2::bigint[]) AND M2.tx_lt = ANY($3::bigint[])`;
    if (direction !== undefined) {
      params.push(direction);
      sql += ` AND M1.direction = $4::msg_direction`;
    }
    const rows = await this.ds.query<{ tx_hash: string }[]>(sql, params);
    return rows.map((r) => r.tx_hash);
  }

  /**
   * The transactions of whole traces, in `(trace_id, lt, account)` order
   * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). Their messages
   * and account states are selected by trace too, so all three queries go out at once: a trace page costs
   * one round trip instead of two (messages carry the trace_id of their transaction: the decoder
   * stamps both in one statement, TraceRepository.save). The traces' lt ranges are looked up first
   * and sent as parameters: each statement is planned for those ranges' partitions only (the join's
   * own bounds, from `traces`, prune only when it runs, after every partition was planned).
   */
  async ofTraces(traceIds: readonly string[]): Promise<TransactionBundle[]> {
    return traceIds.length === 0 ? [] : this.ofTraceSpans(await traceSpans(this.ds, traceIds));
  }

  /** As ofTraces, for traces whose lt ranges the caller has read already (a page of traces). */
  async ofTraceSpans(spans: readonly TraceSpan[]): Promise<TransactionBundle[]> {
    if (spans.length === 0) {
      return [];
    }
    const ranges = coveringLtRanges(spanLtRanges(spans));
    // One parameter per bound, shared by the three statements (each names every parameter).
    const params: unknown[] = [spans.map((s) => s.trace_id)];
    const placeholders = new Map<string, string>();
    const param = (v: string): string => {
      const known = placeholders.get(v);
      if (known !== undefined) {
        return known;
      }
      const p = `$${String(params.push(v))}`;
      placeholders.set(v, p);
      return p;
    };
    const within = (column: string): string => withinLtRanges(column, ranges, param);
    const txWithin = within('T.lt');
    const msgWithin = within('M.tx_lt');
    const [rows, messages, states] = await Promise.all([
      this.ds.query<TransactionRow[]>(
        `SELECT T.* FROM transactions T JOIN traces E ON ${IN_TRACE}
         WHERE E.trace_id = ANY($1::char(44)[]) AND ${txWithin}
         ORDER BY T.trace_id, T.lt, T.account`,
        params,
      ),
      this.ds.query<MessageRow[]>(
        `${MESSAGE_SELECT} JOIN traces E ON E.trace_id = M.trace_id
           AND M.tx_lt >= E.start_lt AND M.tx_lt <= E.end_lt
         WHERE E.trace_id = ANY($1::char(44)[]) AND ${msgWithin}`,
        params,
      ),
      this.ds.query<AccountStateRow[]>(
        `${STATE_SELECT} WHERE hash IN (
           SELECT unnest(ARRAY[T.account_state_hash_before, T.account_state_hash_after])
           FROM transactions T JOIN traces E ON ${IN_TRACE}
           WHERE E.trace_id = ANY($1::char(44)[]) AND ${txWithin})`,
        params,
      ),
    ]);
    return bundleTransactions(rows, messages, states);
  }

  /** Messages and account states of `rows`, one query each. */
  async bundle(rows: readonly TransactionRow[]): Promise<TransactionBundle[]> {
    if (rows.length === 0) {
      return [];
    }
    const hashes = rows.map((r) => r.hash);
    const lts = [...new Set(rows.map((r) => r.lt))];
    const stateHashes = [
      ...new Set(rows.flatMap((r) => [r.account_state_hash_before, r.account_state_hash_after])),
    ];
    const [messages, states] = await Promise.all([
      this.ds.query<MessageRow[]>(
        `${MESSAGE_SELECT} WHERE M.tx_hash = ANY($1::char(44)[]) AND M.tx_lt = ANY($2::bigint[])`,
        [hashes, lts],
      ),
      this.ds.query<AccountStateRow[]>(`${STATE_SELECT} WHERE hash = ANY($1::char(44)[])`, [
        stateHashes,
      ]),
    ]);
    return bundleTransactions(rows, messages, states);
  }
}
