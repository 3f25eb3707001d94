import { type EntityManager } from 'typeorm';
import {
  blockTxColumns,
  type BlockTxRow,
  MSG_CONTENT_JOINS,
  MSG_INPUT_COLUMNS,
  type MsgInputRow,
} from './classify-input.rows';

/** Everything stored about the transactions first committed by a range of masterchain blocks. */
export interface BlockInputRows {
  transactions: BlockTxRow[];
  messages: MsgInputRow[];
}

/**
 * Reads the raw chain rows the decoder works on, two queries per range of masterchain blocks whatever
 * their size: the transactions (with the code and data hash of the state each one left) and their
 * messages with bodies and init states. These rows never change once ingested, so they can be read
 * ahead of the decoder's own commits.
 */
export class BlockInputRepository {
  async load(m: EntityManager, fromSeqno: number, toSeqno: number): Promise<BlockInputRows> {
    const transactions: BlockTxRow[] = await m.query(
      `SELECT ${blockTxColumns('t', 's')}
       FROM transactions t LEFT JOIN account_states s ON s.hash = t.account_state_hash_after
       WHERE t.mc_block_seqno BETWEEN $1 AND $2`,
      [fromSeqno, toSeqno],
    );
    if (transactions.length === 0) {
      return { transactions, messages: [] };
    }
    // Joined through the transactions (messages has no index on its own mc_seqno).
    const messages: MsgInputRow[] = await m.query(
      `SELECT ${MSG_INPUT_COLUMNS}
       FROM transactions t
       JOIN messages mm ON mm.tx_hash = t.hash AND mm.tx_lt = t.lt
       ${MSG_CONTENT_JOINS}
       WHERE t.mc_block_seqno BETWEEN $1 AND $2`,
      [fromSeqno, toSeqno],
    );
    return { transactions, messages };
  }
}
