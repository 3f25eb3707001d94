import { type MessagesReq, type PageKey, type TimeRangeKey } from '@app/contracts';
import { type DataSource } from 'typeorm';
import { accountLtRanges, messageTxLts, withinLtRanges } from './lt-lookup';
import { dir, SqlFilter } from './sql-filter';
import { MESSAGE_SELECT } from './transaction.query-repository';
import { type MessageRow } from './transaction.rows';

/** What /messages filters and pages by, as its parsed request names them (null: IS NULL). */
export type MessageFilter = Pick<
  MessagesReq,
  | 'msg_hash'
  | 'body_hash'
  | 'source'
  | 'destination'
  | 'opcode'
  | TimeRangeKey
  | 'direction'
  | 'exclude_externals'
  | 'only_externals'
  | PageKey
>;

/** One message of /messages: its fields and the transactions on both ends. */
export interface MergedMessageRow {
  readonly message: MessageRow;
  readonly inMsgTxHash: string | null;
  readonly outMsgTxHash: string | null;
}

/**
 * Reads of /messages (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): one row per
 * distinct msg_hash (the in and out rows of an internal message merged), ordered by created_lt
 * (created_at with a utime filter), then msg_hash.
 */
export class MessageQueryRepository {
  constructor(private readonly ds: DataSource) {}

  async list(f: MessageFilter): Promise<MergedMessageRow[]> {
    const q = new SqlFilter();
    const byUtime = f.start_utime !== undefined || f.end_utime !== undefined;
    const col = byUtime ? 'M.created_at' : 'M.created_lt';
    if (f.msg_hash !== undefined && f.msg_hash.length > 0) {
      const p = q.param(f.msg_hash);
      q.and(`(M.msg_hash = ANY(${p}::char(44)[]) OR M.msg_hash_norm = ANY(${p}::char(44)[]))`);
      q.and(`M.tx_lt = ANY(${q.param(await messageTxLts(this.ds, f.msg_hash))}::bigint[])`);
    }
    if (f.body_hash !== undefined) {
      q.and(`M.body_hash = ${q.param(f.body_hash)}`);
    }
    if (f.source === null) {
      q.and('M.source IS NULL');
    } else if (f.source !== undefined) {
      q.and(`M.source = ${q.param(f.source)}`);
    }
    if (f.destination === null) {
      q.and('M.destination IS NULL');
    } else if (f.destination !== undefined) {
      q.and(`M.destination = ${q.param(f.destination)}`);
    }
    for (const end of [f.source, f.destination]) {
      if (typeof end === 'string') {
        // The ranges the account has messages in (as source or destination of either row of a
        // message): only their partitions are planned and read.
        const ranges = await accountLtRanges(this.ds, 'messages', [end]);
        q.and(withinLtRanges('M.tx_lt', ranges, (v) => q.param(v)));
      }
    }
    if (f.opcode !== undefined) {
      q.and(`M.opcode = ${q.param(f.opcode)}`);
    }
    if (f.start_utime !== undefined) {
      q.and(`M.created_at >= ${q.param(f.start_utime)}`);
    }
    if (f.end_utime !== undefined) {
      q.and(`M.created_at <= ${q.param(f.end_utime)}`);
    }
    if (f.start_lt !== undefined) {
      q.and(`M.created_lt >= ${q.param(f.start_lt)}::bigint`);
    }
    if (f.end_lt !== undefined) {
      q.and(`M.created_lt <= ${q.param(f.end_lt)}::bigint`);
    }
    if (f.direction !== undefined) {
      q.and(`M.direction = ${q.param(f.direction)}::msg_direction`);
    }
    // toncenter: externals are the rows whose order column is NULL (external-in messages).
    if (f.exclude_externals === true) {
      q.and(`${col} IS NOT NULL`);
    }
    if (f.only_externals === true) {
      q.and(`${col} IS NULL`);
    }
    const s = dir(f.sort);
    const page = await this.ds.query<{ msg_hash: string }[]>(
      `SELECT M.msg_hash, ${col} AS k FROM messages M${q.where()}
       GROUP BY M.msg_hash, ${col} ORDER BY k ${s}, M.msg_hash ${s}${q.page(f.limit, f.offset)}`,
      q.params,
    );
    if (page.length === 0) {
      return [];
    }
    const hashes = page.map((p) => p.msg_hash);
    const rows = await this.ds.query<MessageRow[]>(
      `${MESSAGE_SELECT} WHERE M.msg_hash = ANY($1::char(44)[]) AND M.tx_lt = ANY($2::bigint[])`,
      [hashes, await messageTxLts(this.ds, hashes)],
    );
    const byHash = new Map<string, MessageRow[]>();
    for (const row of rows) {
      const list = byHash.get(row.msg_hash) ?? [];
      list.push(row);
      byHash.set(row.msg_hash, list);
    }
    return page.flatMap((p) => {
      const group = byHash.get(p.msg_hash) ?? [];
      const first = group.find((r) => r.direction === 'out') ?? group[0];
      if (first === undefined) {
        return [];
      }
      return [
        {
          message: first,
          inMsgTxHash: group.find((r) => r.direction === 'in')?.tx_hash ?? null,
          outMsgTxHash: group.find((r) => r.direction === 'out')?.tx_hash ?? null,
        },
      ];
    });
  }
}
