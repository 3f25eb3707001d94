import { type PgClient } from './pg';

/*
 * The keys and indexes of the v3 benchmark's bulk tables: dropped before the generation loads its
 * rows and built again after them (bench/support/v3-dataset.ts), and the fingerprint that shows the
 * schema came back as it was.
 */

/** The tables the generation fills in bulk: their keys and indexes are built after the rows. */
export const BULK_TABLES = [
  'transactions',
  'messages',
  'account_states',
  'traces',
  'actions',
  'action_accounts',
  'trace_accounts',
  'jetton_transfers',
  'latest_account_states',
  'jetton_wallets',
];

/**
 * Indexes and key constraints of the schema, as text: equal before and after a generation. Those of
 * partitions are left out: rebuilt from their partitioned table's, they get generated names.
 */
export async function schemaFingerprint(client: PgClient): Promise<string> {
  const indexes = await client.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes I
     JOIN pg_class C ON C.relname = I.tablename AND C.relnamespace = 'public'::regnamespace
     WHERE schemaname = 'public' AND NOT C.relispartition
     ORDER BY tablename, indexname`,
  );
  const constraints = await client.query(
    `SELECT K.conrelid::regclass::text AS table, K.conname, pg_get_constraintdef(K.oid) AS def
     FROM pg_constraint K JOIN pg_class C ON C.oid = K.conrelid
     WHERE K.connamespace = 'public'::regnamespace AND NOT C.relispartition ORDER BY 1, 2`,
  );
  return JSON.stringify([indexes.rows, constraints.rows]);
}

export interface Rebuild {
  readonly drop: string;
  readonly create: string;
}

/** The keys and indexes of the bulk tables, to drop before loading and recreate as they were. */
export async function rebuilds(client: PgClient): Promise<Rebuild[]> {
  const constraints = (
    await client.query(
      `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE contype IN ('p', 'u') AND conrelid::regclass::text = ANY($1)`,
      [BULK_TABLES],
    )
  ).rows as { table: string; conname: string; def: string }[];
  const names = new Set(constraints.map((c) => c.conname));
  const indexes = (
    await client.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename = ANY($1)`,
      [BULK_TABLES],
    )
  ).rows as { tablename: string; indexname: string; indexdef: string }[];
  return [
    ...constraints.map((c) => ({
      drop: `ALTER TABLE "${c.table}" DROP CONSTRAINT "${c.conname}"`,
      create: `ALTER TABLE "${c.table}" ADD CONSTRAINT "${c.conname}" ${c.def}`,
    })),
    ...indexes
      .filter((i) => !names.has(i.indexname))
      .map((i) => ({
        drop: `DROP INDEX "${i.indexname}"`,
        // A partitioned table's index prints as `ON ONLY`, which would build none of its partitions'.
        create: i.indexdef.replace(' ON ONLY ', ' ON '),
      })),
  ];
}
