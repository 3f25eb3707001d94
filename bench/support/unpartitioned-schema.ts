import { createDataSource, type DataSource, revertLastMigration } from '@app/database';

/** The migration that made the history partitioned (and the account map's source of widths). */
export const PARTITIONING_MIGRATION = 'PartitionHistory1796250000000';

/**
 * The migrations that only serve the partitioned layout: the partitions themselves and the account
 * map (account_lt_ranges exists to prune partitions, and its triggers read the partition width).
 * Every other migration reverted to reach the unpartitioned schema is applied again.
 */
const PARTITIONING_ONLY = new Set([
  PARTITIONING_MIGRATION,
  'PartitionTraceHistory1796260000000',
  'AccountLtRanges1796347120000',
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
 * partitioning, for the write benchmarks: PartitionHistory and every later migration reverted, the
 * later ones that do not partition applied again (TelemintItems, ActionLts: the decoder writes
 * their tables), and the hash → lt lookup tables made again, since the writers insert into them.
 * Left out: the partitions, the partition width, and the account map with its insert triggers.
 */
export async function unpartitionEmptyDatabase(
  url: string,
  log: (m: string) => void,
): Promise<void> {
  const ds = createDataSource({ url, applicationName: 'bench-unpartition', poolSize: 1 });
  await ds.initialize();
  try {
    const reverted = await revertPartitioning(ds, log);
    const runner = ds.createQueryRunner();
    try {
      await createLtLookups(runner);
      for (const name of reverted.reverse()) {
        if (PARTITIONING_ONLY.has(name)) {
          continue;
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
