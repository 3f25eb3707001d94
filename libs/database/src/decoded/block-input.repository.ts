import { type EntityManager } from 'typeorm';
import { type MsgInputRow, type TxInputRow } from './classify-input.repository';

/** A transaction as the decoder reads it once per block: the classifier's columns and its new state. */
export interface BlockTxRow extends Omit<TxInputRow, 'trace_id'> {
  /** `block_workchain`: trace assembly orders by (lt, workchain, account). */
  workchain: number;
  /** Code and data hash of the account state the transaction left (null: no code / no state). */
  code_hash: string | null;
  data_hash: string | null;
}

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
      `SELECT t.hash, t.lt::text AS lt, t.account, t.now, t.mc_block_seqno, t.block_workchain AS workchain,
              t.block_seqno, t.orig_status::text AS orig_status, t.end_status::text AS end_status,
              t.total_fees::text AS total_fees, t.descr::text AS descr, t.aborted, t.destroyed, t.is_tock,
              t.compute_skipped, t.skipped_reason::text AS skipped_reason, t.compute_success,
              t.compute_exit_code, t.action_success, s.code_hash, s.data_hash
       FROM transactions t LEFT JOIN account_states s ON s.hash = t.account_state_hash_after
       WHERE t.mc_block_seqno BETWEEN $1 AND $2`,
      [fromSeqno, toSeqno],
    );
    if (transactions.length === 0) {
      return { transactions, messages: [] };
    }
    // Joined through the transactions (messages has no index on its own mc_seqno).
    const messages: MsgInputRow[] = await m.query(
      `SELECT mm.msg_hash, mm.tx_hash, mm.tx_lt::text AS tx_lt, mm.direction::text AS direction,
              mm.source, mm.destination, mm.value::text AS value, mm.value_extra_currencies,
              mm.fwd_fee::text AS fwd_fee, mm.ihr_fee::text AS ihr_fee, mm.created_lt::text AS created_lt,
              mm.created_at::text AS created_at, mm.opcode, mm.ihr_disabled, mm.bounce, mm.bounced,
              mm.import_fee::text AS import_fee, mm.body_hash, mm.init_state_hash,
              b.body AS body, i.body AS init_state
       FROM transactions t
       JOIN messages mm ON mm.tx_hash = t.hash AND mm.tx_lt = t.lt
       LEFT JOIN message_contents b ON b.hash = mm.body_hash
       LEFT JOIN message_contents i ON i.hash = mm.init_state_hash
       WHERE t.mc_block_seqno BETWEEN $1 AND $2`,
      [fromSeqno, toSeqno],
    );
    return { transactions, messages };
  }
}
