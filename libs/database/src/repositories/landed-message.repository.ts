import { type DataSource } from 'typeorm';

/** The transaction that processed an inbound message, as the indexer stored it. */
export interface LandedMessageRow {
  /** Base64 hash of the message (`messages.msg_hash`). */
  readonly msgHash: string;
  readonly msgHashNorm: string | null;
  readonly txHash: string;
  readonly txLt: bigint;
  /** Raw address `wc:HEX` (`transactions.account`). */
  readonly account: string;
  readonly mcSeqno: number;
}

interface Row {
  msg_hash: string;
  msg_hash_norm: string | null;
  tx_hash: string;
  tx_lt: string;
  account: string;
  mc_seqno: number;
}

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
      `SELECT m."msg_hash", m."msg_hash_norm", t."hash" AS tx_hash, t."lt"::text AS tx_lt,
              t."account", t."mc_block_seqno" AS mc_seqno
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
      mcSeqno: r.mc_seqno,
    }));
  }
}
