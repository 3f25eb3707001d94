import { type DataSource } from 'typeorm';
import { ActionEntity } from '../entities/action.entity';
import { JettonWalletEntity } from '../entities/jetton-wallet.entity';
import { MessageEntity } from '../entities/message.entity';
import { type LeftJoined, type QueryRow, selectList } from '../entities/query-row';
import { TransactionEntity } from '../entities/transaction.entity';
import { actionTraceEndLts, traceLtRanges, withinLtRanges } from './lt-lookup';
import { SqlFilter } from './sql-filter';

const MESSAGE_KEYS = [
  'msgHash',
  'source',
  'destination',
  'opcode',
  'value',
  'direction',
  'fwdFee',
] as const;
const JETTON_WALLET_KEYS = ['address', 'owner', 'jetton'] as const;

/**
 * One transaction of a trace with one of its messages (all null when it has none), as
 * balanceChanges reads them. The transaction's hash and lt go by the names its messages give them.
 */
export type TraceMessageRow = QueryRow<TransactionEntity, 'account' | 'totalFees'> &
  LeftJoined<QueryRow<MessageEntity, (typeof MESSAGE_KEYS)[number]>> & {
    tx_hash: string;
    tx_lt: string;
    body: string | null;
  };

export type TraceActionRow = QueryRow<ActionEntity, 'actionId' | 'type' | 'txHashes'>;

export type JettonWalletOwnerRow = QueryRow<
  JettonWalletEntity,
  (typeof JETTON_WALLET_KEYS)[number]
>;

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
      `SELECT Tx.hash AS tx_hash, Tx.lt AS tx_lt,
              ${selectList(TransactionEntity, ['account', 'totalFees'], 'Tx')},
              ${selectList(MessageEntity, MESSAGE_KEYS, 'M')}, MC.body
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
      `SELECT ${selectList(ActionEntity, ['actionId', 'type', 'txHashes'])} FROM actions${q.where()}`,
      q.params,
    );
  }

  /** The owner and Jetton master of those of `addresses` that are Jetton wallets. */
  jettonWallets(addresses: readonly string[]): Promise<JettonWalletOwnerRow[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<JettonWalletOwnerRow[]>(
      `SELECT ${selectList(JettonWalletEntity, JETTON_WALLET_KEYS)} FROM jetton_wallets WHERE address = ANY($1::varchar[])`,
      [addresses],
    );
  }
}
