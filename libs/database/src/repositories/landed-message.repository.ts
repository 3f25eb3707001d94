import { type DataSource } from 'typeorm';
import { MessageEntity } from '../entities/message.entity';
import { type QueryRow, selectList } from '../entities/query-row';
import { TransactionEntity } from '../entities/transaction.entity';

const MESSAGE_KEYS = ['msgHash', 'msgHashNorm', 'txHash', 'txLt'] as const;
const TRANSACTION_KEYS = ['account', 'mcBlockSeqno'] as const;

/**
 * The transaction that processed an inbound message, as the indexer stored it: the message's hashes
 * and key (its transaction's hash and lt), the transaction's account and masterchain seqno.
 */
export type LandedMessageRow = Readonly<
  Pick<MessageEntity, (typeof MESSAGE_KEYS)[number] | 'mcSeqno'> &
    Pick<TransactionEntity, 'account'>
>;

/** The inbound message's hashes and its transaction (the message's tx_hash and tx_lt are its key). */
type Row = QueryRow<MessageEntity, (typeof MESSAGE_KEYS)[number]> &
  QueryRow<TransactionEntity, (typeof TRANSACTION_KEYS)[number]>;

/**
 * Finds sent external messages among the indexed ones (the sender's landing watcher). An external
 * message is stored once, `direction = 'in'` on the transaction that processed it; `msg_hash` is
 * indexed (messages_msg_hash_idx).
 */
export class LandedMessageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findLanded(hashes: readonly string[]): Promise<LandedMessageRow[]> {
    if (hashes.length === 0) {
      return [];
    }
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${selectList(MessageEntity, MESSAGE_KEYS, 'm')},
              ${selectList(TransactionEntity, TRANSACTION_KEYS, 't')}
       FROM "messages" m
       JOIN "transactions" t ON t."hash" = m."tx_hash" AND t."lt" = m."tx_lt"
       WHERE m."msg_hash" = ANY($1::text[]) AND m."direction" = 'in'`,
      [hashes],
    );
    return rows.map((r) => ({
      msgHash: r.msg_hash.trim(),
      msgHashNorm: r.msg_hash_norm?.trim() ?? null,
      txHash: r.tx_hash.trim(),
      txLt: BigInt(r.tx_lt),
      account: r.account,
      mcSeqno: r.mc_block_seqno,
    }));
  }
}
