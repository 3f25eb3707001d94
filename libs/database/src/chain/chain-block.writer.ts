import { type DataSource, type EntityManager } from 'typeorm';
import { HistoryPartitions } from '../partitions/history-partitions';
import { cursorAdvance } from '../repositories/indexer-cursor.repository';
import { runComposed, unnestPart } from '../repositories/unnest-insert';
import {
  ACCOUNT_STATE_COLUMNS,
  LATEST_STATE_COLUMNS,
  LATEST_STATE_UPSERT,
} from './account-state.columns';
import { batchRows } from './batch-rows';
import { BLOCK_COLUMNS, SHARD_STATE_COLUMNS } from './block.columns';
import { type McBlockBatch } from './chain-batch';
import { ChainIdentityRepository } from './chain-identity';
import { MESSAGE_LT_COLUMNS, messageLtRows, TRANSACTION_LT_COLUMNS } from './lookup.columns';
import { MESSAGE_COLUMNS, MESSAGE_CONTENT_COLUMNS } from './message.columns';
import { TRANSACTION_COLUMNS } from './transaction.columns';

export interface BatchWriteResult {
  readonly blocks: number;
  readonly transactions: number;
  readonly messages: number;
}

/**
 * Writes the raw chain tables for one masterchain block and its shard blocks in a single database
 * transaction, with one `INSERT … unnest` per table, all composed into one statement, idempotently
 * (natural keys, ON CONFLICT DO NOTHING), and advances the follower's cursor in the same statement
 * when asked to. A batch of another chain than the index holds (its prev_ref or global_id,
 * chain-identity.ts) throws ChainMismatchError and writes nothing. The lt-partitioned tables get
 * their partitions for the batch's lt (ahead of it) before the batch's transaction begins
 * (HistoryPartitions), and the lookup tables of hash → lt are written with the rows.
 */
export class ChainBlockWriter {
  readonly identity: ChainIdentityRepository;

  constructor(
    private readonly dataSource: DataSource,
    readonly partitions: HistoryPartitions = new HistoryPartitions(dataSource),
  ) {
    this.identity = new ChainIdentityRepository(dataSource);
  }

  async write(batch: McBlockBatch, cursorName?: string): Promise<BatchWriteResult> {
    const rows = batchRows(batch);
    const newestLt = rows.transactions.reduce<bigint | null>(
      (max, r) => (max === null || r.tx.lt > max ? r.tx.lt : max),
      null,
    );
    if (newestLt !== null) {
      await this.partitions.ensureCovers(newestLt);
    }
    await this.dataSource.transaction(async (m: EntityManager) => {
      // No wait for the WAL flush at commit: a crash can lose only the last batches, and since the
      // cursor commits with them, the follower re-ingests exactly those (no loss, no duplicate).
      await m.query('SET LOCAL synchronous_commit = off');
      await this.identity.verifyBatch(m, batch);
      // One round trip for every table and the cursor: the tables take disjoint rows, so their
      // inserts need not see each other's.
      await runComposed(m, [
        unnestPart('blocks', BLOCK_COLUMNS, rows.blocks),
        unnestPart('shard_state', SHARD_STATE_COLUMNS, rows.shardState),
        unnestPart('transactions', TRANSACTION_COLUMNS, rows.transactions),
        unnestPart('transaction_lts', TRANSACTION_LT_COLUMNS, rows.transactions),
        unnestPart('messages', MESSAGE_COLUMNS, rows.messages),
        unnestPart('message_lts', MESSAGE_LT_COLUMNS, messageLtRows(rows.messages)),
        unnestPart('message_contents', MESSAGE_CONTENT_COLUMNS, rows.contents),
        unnestPart('account_states', ACCOUNT_STATE_COLUMNS, rows.accountStates),
        unnestPart(
          'latest_account_states',
          LATEST_STATE_COLUMNS,
          rows.latestStates,
          LATEST_STATE_UPSERT,
        ),
        cursorName === undefined ? undefined : cursorAdvance(cursorName, batch.mcSeqno),
      ]);
    });
    return {
      blocks: rows.blocks.length,
      transactions: rows.transactions.length,
      messages: rows.messages.length,
    };
  }
}
