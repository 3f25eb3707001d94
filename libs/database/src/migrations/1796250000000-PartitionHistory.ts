import { type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  alignUp,
  createPartition,
  partitionInPlace,
  unpartition,
} from '../partitions/partition-in-place';

/**
 * The history tables become range-partitioned by logical time, without rewriting their rows
 * (PostgreSQL declarative partitioning, https://www.postgresql.org/docs/current/ddl-partitioning.html):
 * each table is renamed to `<table>_lt_min`, an empty partitioned parent with the old name, columns,
 * primary key and indexes takes its place, and the old table is attached as the partition of every lt
 * below the first bound. A CHECK constraint proving that bound is added first, so ATTACH PARTITION
 * skips its own validation scan ("the scan … will be skipped if an existing CHECK constraint implies
 * the partition constraint", ALTER TABLE); the old indexes are renamed and attached to the parent's
 * (ATTACH PARTITION adopts an index that matches a parent index instead of building one). What
 * is read: the old tables once (the CHECK), and transactions and messages once more to fill the
 * lookup tables. What is written: catalog rows and the two narrow lookup tables; no history row
 * moves.
 *
 * Every partitioned table's primary key already contains its lt column (a unique key of a
 * partitioned table must contain the partition key). The tables whose keys have no lt
 * (account_states, message_contents by hash; actions, trace_accounts by trace id) stay as they are
 * here: partitioning them needs a new primary key index (actions and trace_accounts get theirs in
 * migration PartitionTraceHistory).
 *
 * The bound is the lt of the newest transaction, rounded up to the partition width:
 * every lt the other tables hold is some transaction's lt (messages by their transaction, token
 * events by theirs, action_accounts by the trace's last transaction), so it bounds them all. The
 * first partition after it is created here; later ones by the ingestor ahead of the chain
 * (HistoryPartitions).
 *
 * Reads that carry no lt find it in two lookup tables written with the rows: `transaction_lts` (a
 * transaction's hash → its lt) and `message_lts` (a message's hash, and its normalized hash for an
 * external-in message → the lt of each transaction it is a message of).
 */
export class PartitionHistory1796250000000 implements MigrationInterface {
  name = 'PartitionHistory1796250000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "history_partitioning" (
        "id" smallint NOT NULL DEFAULT 1,
        "lt_width" bigint NOT NULL,
        CONSTRAINT "history_partitioning_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "history_partitioning_single_row_check" CHECK ("id" = 1),
        CONSTRAINT "history_partitioning_lt_width_check" CHECK ("lt_width" > 0)
      )
    `);
    await q.query(
      `INSERT INTO "history_partitioning" ("id", "lt_width") VALUES (1, ${DEFAULT_LT_WIDTH})`,
    );

    const [newest] = (await q.query(
      `SELECT coalesce(max("lt"), -1)::text AS lt FROM "transactions"`,
    )) as { lt: string }[];
    const bound = alignUp(BigInt(newest?.lt ?? '-1') + 1n, DEFAULT_LT_WIDTH);

    for (const [table, column] of HISTORY_TABLES) {
      await partitionInPlace(q, table, column, bound);
      await createPartition(q, table, bound, bound + DEFAULT_LT_WIDTH);
    }

    await q.query(`
      CREATE TABLE "transaction_lts" (
        "hash" char(44) NOT NULL,
        "lt" bigint NOT NULL,
        CONSTRAINT "transaction_lts_pkey" PRIMARY KEY ("hash", "lt")
      )
    `);
    await q.query(`
      CREATE TABLE "message_lts" (
        "msg_hash" char(44) NOT NULL,
        "tx_lt" bigint NOT NULL,
        CONSTRAINT "message_lts_pkey" PRIMARY KEY ("msg_hash", "tx_lt")
      )
    `);
    await q.query(
      `INSERT INTO "transaction_lts" ("hash", "lt") SELECT "hash", "lt" FROM "transactions" ON CONFLICT DO NOTHING`,
    );
    await q.query(`
      INSERT INTO "message_lts" ("msg_hash", "tx_lt")
      SELECT "msg_hash", "tx_lt" FROM "messages"
      UNION SELECT "msg_hash_norm", "tx_lt" FROM "messages" WHERE "msg_hash_norm" IS NOT NULL
      ON CONFLICT DO NOTHING
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "message_lts"`);
    await q.query(`DROP TABLE "transaction_lts"`);
    for (const [table] of [...HISTORY_TABLES].reverse()) {
      await unpartition(q, table);
    }
    await q.query(`DROP TABLE "history_partitioning"`);
  }
}

/**
 * Partitioned tables and their partition key. The lt width of a partition is 10^12: mainnet's lt
 * grew by about 10^13 a year up to 2025 (about 5·10^13 after five years), so one partition holds
 * about a month of history.
 */
const HISTORY_TABLES: readonly (readonly [string, string])[] = [
  ['transactions', 'lt'],
  ['messages', 'tx_lt'],
  ['jetton_transfers', 'tx_lt'],
  ['jetton_burns', 'tx_lt'],
  ['nft_transfers', 'tx_lt'],
  ['action_accounts', 'trace_end_lt'],
];
const DEFAULT_LT_WIDTH = 1_000_000_000_000n;
