import { type DataSource } from 'typeorm';
import { actionTraceEndLts, traceLtRanges, withinLtRanges } from './lt-lookup';
import { SqlFilter } from './sql-filter';

/** One transaction of a trace with one of its messages (null when it has none), as balanceChanges reads them. */
export interface TraceMessageRow {
  tx_hash: string;
  account: string;
  tx_lt: string;
  total_fees: string | null;
  msg_hash: string | null;
  source: string | null;
  destination: string | null;
  /** The signed int32 the table stores. */
  opcode: number | null;
  value: string | null;
  direction: 'in' | 'out' | null;
  fwd_fee: string | null;
  body: string | null;
}

export interface TraceActionRow {
  action_id: string;
  type: string;
  tx_hashes: string[];
}

export interface JettonWalletOwnerRow {
  address: string;
  owner: string;
  jetton: string;
}

/** The reads of balanceChanges (ton-index-go index/crud/balances.go): a trace's rows, its actions, Jetton wallets. */
export class BalanceChangesQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** The trace of an action, or null when no action has that id. */
  async traceOfAction(actionId: string): Promise<string | null> {
    // The partitions of the action's trace_end_lt only (action_lts), known when it is planned.
    const rows = await this.ds.query<{ trace_id: string }[]>(
      'SELECT trace_id FROM actions WHERE action_id = $1 AND trace_end_lt = ANY($2::bigint[]) LIMIT 1',
      [actionId, await actionTraceEndLts(this.ds, [actionId])],
    );
    return rows[0]?.trace_id ?? null;
  }

  /**
   * Every transaction of the trace with each of its messages and their bodies. A trace's rows lie in
   * its lt range: with it known when the statement is planned, only the partitions of that range are
   * read.
   */
  async traceMessages(traceId: string): Promise<TraceMessageRow[]> {
    const q = new SqlFilter();
    q.and(`T.trace_id = ${q.param(traceId)}`);
    const ranges = await traceLtRanges(this.ds, [traceId]);
    q.and(withinLtRanges('Tx.lt', ranges, (v) => q.param(v)));
    const messagesInRange = withinLtRanges('M.tx_lt', ranges, (v) => q.param(v));
    return this.ds.query<TraceMessageRow[]>(
      `SELECT Tx.hash AS tx_hash, Tx.account, Tx.lt::text AS tx_lt, Tx.total_fees::text AS total_fees,
              M.msg_hash, M.source, M.destination, M.opcode, M.value::text AS value,
              M.direction::text AS direction, M.fwd_fee::text AS fwd_fee, MC.body
       FROM traces T
       JOIN transactions Tx ON Tx.trace_id = T.trace_id
       LEFT JOIN messages M ON M.tx_hash = Tx.hash AND M.tx_lt = Tx.lt AND ${messagesInRange}
       LEFT JOIN message_contents MC ON MC.hash = M.body_hash${q.where()}`,
      q.params,
    );
  }

  /** Every action of the trace, whatever its type (the partitions of the trace's lt range). */
  async traceActions(traceId: string): Promise<TraceActionRow[]> {
    const q = new SqlFilter();
    q.and(`trace_id = ${q.param(traceId)}`);
    q.and(
      withinLtRanges('trace_end_lt', await traceLtRanges(this.ds, [traceId]), (v) => q.param(v)),
    );
    return this.ds.query<TraceActionRow[]>(
      `SELECT action_id, type, tx_hashes FROM actions${q.where()}`,
      q.params,
    );
  }

  /** The owner and Jetton master of those of `addresses` that are Jetton wallets. */
  jettonWallets(addresses: readonly string[]): Promise<JettonWalletOwnerRow[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<JettonWalletOwnerRow[]>(
      'SELECT address, owner, jetton FROM jetton_wallets WHERE address = ANY($1::varchar[])',
      [addresses],
    );
  }
}
