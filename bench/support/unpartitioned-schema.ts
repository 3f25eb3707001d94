import { createDataSource, type DataSource, revertLastMigration } from '@app/database';

/** The migration that made the history partitioned (and the account map's source of widths). */
export const PARTITIONING_MIGRATION = 'PartitionHistory1796250000000';

/**
 * The migrations that only serve the partitioned layout: the partitions themselves and the account
 * map (account_lt_ranges exists to prune partitions, and its triggers read the partition width).
 * Every other migration reverted to reach the unpartitioned schema is applied again.
 */
const ACCOUNT_MAP = 'AccountLtRanges1796347120000';
const PARTITIONING_ONLY = new Set([
  PARTITIONING_MIGRATION,
  'PartitionTraceHistory1796260000000',
  ACCOUNT_MAP,
]);

/**
 * Reverts the migrations newest first down to PartitionHistory included (their way back copies the
 * newer partitions' rows into the oldest and gives it the table's name), as a rollback to before
 * the partitioning would. Returns the names reverted, newest first.
 */
export async function revertPartitioning(
  ds: DataSource,
  log: (m: string) => void,
): Promise<string[]> {
  const reverted: string[] = [];
  for (;;) {
    const name = await revertLastMigration(ds);
    if (name === null) {
      throw new Error(`${PARTITIONING_MIGRATION} is not applied: cannot unpartition`);
    }
    log(`reverted ${name}`);
    reverted.push(name);
    if (name === PARTITIONING_MIGRATION) {
      return reverted;
    }
  }
}

/**
 * The lookup tables of hash → lt that migration PartitionHistory creates (and drops on its way back):
 * the chain writer inserts into them whatever the layout, so the unpartitioned schema keeps them.
 */
export async function createLtLookups(client: {
  query(sql: string): Promise<unknown>;
}): Promise<void> {
  await client.query(
    `CREATE TABLE transaction_lts (hash char(44) NOT NULL, lt bigint NOT NULL,
       CONSTRAINT transaction_lts_pkey PRIMARY KEY (hash, lt))`,
  );
  await client.query(
    `CREATE TABLE message_lts (msg_hash char(44) NOT NULL, tx_lt bigint NOT NULL,
       CONSTRAINT message_lts_pkey PRIMARY KEY (msg_hash, tx_lt))`,
  );
}

/**
 * A freshly migrated, still empty database made into the schema the service would have without
 * partitioning: PartitionHistory and every later migration reverted, the later ones that do not
 * partition applied again (TelemintItems, ActionLts: the decoder writes their tables), and the
 * hash → lt lookup tables made again, since the writers insert into them. Left out: the partitions
 * and the partition width, and, unless `accountMapWidth` is given, the account map with its insert
 * triggers. The query service's reads by account ask the map whatever the layout, so a database
 * that is to be read keeps it, with its ranges in `accountMapWidth` as the partitioned one's.
 */
export async function unpartitionEmptyDatabase(
  url: string,
  log: (m: string) => void,
  accountMapWidth?: bigint,
): Promise<void> {
  const ds = createDataSource({ url, applicationName: 'bench-unpartition', poolSize: 1 });
  await ds.initialize();
  try {
    const reverted = await revertPartitioning(ds, log);
    const runner = ds.createQueryRunner();
    try {
      await createLtLookups(runner);
      for (const name of reverted.reverse()) {
        if (
          PARTITIONING_ONLY.has(name) &&
          (name !== ACCOUNT_MAP || accountMapWidth === undefined)
        ) {
          continue;
        }
        if (name === ACCOUNT_MAP && accountMapWidth !== undefined) {
          // The map's triggers read the width from the table migration PartitionHistory makes.
          await runner.query(
            `CREATE TABLE history_partitioning (id smallint PRIMARY KEY DEFAULT 1, lt_width bigint NOT NULL)`,
          );
          await runner.query(`INSERT INTO history_partitioning (lt_width) VALUES ($1)`, [
            accountMapWidth.toString(),
          ]);
        }
        const migration = ds.migrations.find((m) => m.name === name);
        if (migration === undefined) {
          throw new Error(`migration ${name} is not in the data source's list`);
        }
        await migration.up(runner);
        log(`applied ${name} again`);
      }
    } finally {
      await runner.release();
    }
  } finally {
    await ds.destroy();
  }
}
