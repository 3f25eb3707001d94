import {
  createDatabase,
  createDataSource,
  dropDatabase,
  HistoryPartitions,
  runPendingMigrations,
  withDatabase,
} from '@app/database';
import { type PgClient, pgClient, type PgQueryable } from './pg';
import { BULK_TABLES, rebuilds, schemaFingerprint } from './v3-dataset.keys';
import { unpartitionEmptyDatabase } from './unpartitioned-schema';
import { bodyTemplates } from './v3-bodies';
import {
  chainSql,
  chunkSql,
  finalSql,
  firstLt,
  functionsSql,
  newestLt,
  SHAPES_SQL,
  traceCount,
  transactionCount,
} from './v3-dataset.sql';

/**
 * The v3 benchmark's database: generated once (a few tens of minutes for 10M transactions on two
 * shared cores), kept between runs. Its description (`COMMENT ON DATABASE`) is the marker: a run finds
 * the generator version and size it asks for there and skips the generation; anything else (no
 * marker, another size, an interrupted generation) drops the database and starts over.
 */

/** Bumped whenever the generated rows change, so an old database is regenerated. */
const GENERATOR_VERSION = 1;
/** Traces per chunk (about 130k transactions): one unit of work of a generating connection. */
const CHUNK_TRACES = 50_000;
const WORKERS = 2;

export interface DatasetInfo {
  readonly version: number;
  readonly traces: number;
  readonly transactions: number;
  readonly generatedAt: string;
  readonly generationSeconds: number;
  /** Exact row counts of the main tables. */
  readonly rows: Record<string, number>;
  readonly sizeBytes: number;
  /** The partition width the generation set (decimal), when not the migration's default. */
  readonly ltWidth?: string;
  /** Set when generated into the schema without partitions. */
  readonly unpartitioned?: boolean;
}

export interface DatasetOptions {
  /**
   * A partition width (`history_partitioning.lt_width`) other than the default: the generated lts
   * then spread over partitions of this width, as a long history spreads over the default ones.
   */
  readonly ltWidth?: bigint;
  /**
   * Generated into the schema without partitions (bench/support/unpartitioned-schema.ts), the
   * account map kept in `ltWidth`: the same rows as the partitioned generation, for comparing them.
   */
  readonly unpartitioned?: boolean;
}

export interface Dataset {
  readonly url: string;
  readonly info: DatasetInfo;
  readonly generatedNow: boolean;
  /** Migrations applied by this run (new ones on a kept database run against its rows). */
  readonly migrationsApplied: readonly string[];
}

type Log = (message: string) => void;

async function readMarker(serverUrl: string, name: string): Promise<DatasetInfo | undefined> {
  const server = await pgClient(serverUrl, 'bench-v3-marker');
  try {
    const { rows } = await server.query(
      `SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = $1`,
      [name],
    );
    const marker = (rows[0] as { marker: string | null } | undefined)?.marker;
    if (marker === null || marker === undefined) {
      return undefined;
    }
    try {
      return JSON.parse(marker) as DatasetInfo;
    } catch {
      // a database comment that is not our JSON marker records no dataset of ours.
      return undefined;
    }
  } finally {
    await server.end();
  }
}

async function migrate(url: string): Promise<string[]> {
  const ds = createDataSource({ url, applicationName: 'bench-v3-migrate', poolSize: 1 });
  await ds.initialize();
  try {
    return await runPendingMigrations(ds);
  } finally {
    await ds.destroy();
  }
}

/** The partition width a freshly migrated database has (migration PartitionHistory's default). */
async function migratedLtWidth(url: string): Promise<bigint> {
  const client = await pgClient(url, 'bench-v3-width');
  try {
    const { rows } = await client.query(`SELECT lt_width::text AS w FROM history_partitioning`);
    return BigInt((rows[0] as { w: string }).w);
  } finally {
    await client.end();
  }
}

/**
 * The lt partitions of the history tables (migration PartitionHistory) for every lt the generation
 * writes, made as the ingestor makes them.
 */
async function partitionsFor(url: string, traces: number, ltWidth?: bigint): Promise<void> {
  const ds = createDataSource({ url, applicationName: 'bench-v3-partitions', poolSize: 1 });
  await ds.initialize();
  try {
    const partitions = new HistoryPartitions(ds);
    if (ltWidth !== undefined) {
      await ds.query(`UPDATE history_partitioning SET lt_width = $1`, [ltWidth.toString()]);
      // Step by step, as a follower of the chain would: one partition per width, not one for a gap.
      for (let lt = firstLt(); lt < newestLt(traces); lt += ltWidth) {
        await partitions.ensureCovers(lt);
      }
    }
    await partitions.ensureCovers(newestLt(traces));
  } finally {
    await ds.destroy();
  }
}

/** The lookups of lts by hash and by action id, filled from the rows as the ingestor and the decoder write them with the rows. */
export async function fillLtLookups(client: PgQueryable): Promise<void> {
  await client.query(`INSERT INTO transaction_lts (hash, lt) SELECT hash, lt FROM transactions`);
  await client.query(
    `INSERT INTO message_lts (msg_hash, tx_lt)
     SELECT msg_hash, tx_lt FROM messages
     UNION SELECT msg_hash_norm, tx_lt FROM messages WHERE msg_hash_norm IS NOT NULL`,
  );
  await client.query(
    `INSERT INTO action_lts (action_id, trace_end_lt)
     SELECT DISTINCT action_id, trace_end_lt FROM actions`,
  );
}

/** Runs `jobs` on the clients, each client taking the next job when it is free. */
async function onClients(
  clients: readonly PgClient[],
  jobs: readonly (() => string[])[],
  done: (index: number) => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      for (;;) {
        const index = next++;
        const job = jobs[index];
        if (job === undefined) {
          return;
        }
        for (const sql of job()) {
          await client.query(sql);
        }
        done(index);
      }
    }),
  );
}

async function insertBodies(client: PgClient): Promise<void> {
  const bodies = bodyTemplates();
  await client.query(
    `INSERT INTO message_contents (hash, body) SELECT * FROM unnest($1::char(44)[], $2::text[])
     ON CONFLICT DO NOTHING`,
    [bodies.map((b) => b.hash), bodies.map((b) => b.boc)],
  );
  await client.query(
    `INSERT INTO bench_gen.bodies
     SELECT * FROM unnest($1::text[], $2::int[], $3::char(44)[], $4::int[], $5::text[])`,
    [
      bodies.map((b) => b.body),
      bodies.map((b) => b.idx),
      bodies.map((b) => b.hash),
      bodies.map((b) => b.opcode),
      bodies.map((b) => b.comment),
    ],
  );
}

async function generate(
  url: string,
  transactions: number,
  log: Log,
  options: DatasetOptions,
): Promise<DatasetInfo> {
  const started = performance.now();
  const traces = traceCount(transactions);
  const clients = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) => pgClient(url, `bench-v3-gen-${String(i)}`)),
  );
  const [main] = clients;
  if (main === undefined) {
    throw new Error('no generating connection');
  }
  const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  try {
    for (const client of clients) {
      // A bulk load: the commit need not wait for the WAL flush; sorts and index builds get memory.
      await client.query(`SET synchronous_commit = off`);
      await client.query(`SET work_mem = '256MB'`);
      await client.query(`SET maintenance_work_mem = '1GB'`);
    }
    if (options.unpartitioned !== true) {
      await partitionsFor(url, traces, options.ltWidth);
    }
    const fingerprint = await schemaFingerprint(main);
    for (const sql of [...functionsSql(traces), ...SHAPES_SQL]) {
      await main.query(sql);
    }
    await insertBodies(main);
    const keys = await rebuilds(main);
    for (const k of keys) {
      await main.query(k.drop);
    }
    log(`dropped ${String(keys.length)} keys and indexes of the bulk tables for the load`);
    await main.query(chainSql(traces));
    log(`account chains of ${String(transactionCount(traces))} transactions built (${elapsed()})`);
    const chunks: (() => string[])[] = [];
    for (let lo = 1; lo <= traces; lo += CHUNK_TRACES) {
      const hi = Math.min(traces, lo + CHUNK_TRACES - 1);
      chunks.push(() => chunkSql(lo, hi));
    }
    let written = 0;
    await onClients(clients, chunks, () => {
      written++;
      if (written % 5 === 0 || written === chunks.length) {
        log(`traces: chunk ${String(written)}/${String(chunks.length)} (${elapsed()})`);
      }
    });
    for (const sql of finalSql()) {
      await main.query(sql);
    }
    await fillLtLookups(main);
    log(`rows written (${elapsed()}); building keys and indexes`);
    await onClients(
      clients,
      keys.map((k) => () => [k.create]),
      (i) => {
        log(`  ${keys[i]?.create.slice(0, 110) ?? ''} (${elapsed()})`);
      },
    );
    await main.query('DROP SCHEMA bench_gen CASCADE');
    if ((await schemaFingerprint(main)) !== fingerprint) {
      throw new Error('the keys and indexes after the load differ from the migrations');
    }
    // What autovacuum would do soon after such a load (and would otherwise do during the runs):
    // visibility map for index-only scans, planner statistics.
    await main.query('VACUUM (ANALYZE)');
    log(`vacuumed and analysed (${elapsed()})`);
    const rows: Record<string, number> = {};
    for (const table of [...BULK_TABLES, 'message_contents', 'jetton_masters']) {
      const { rows: r } = await main.query(`SELECT count(*)::bigint AS n FROM "${table}"`);
      rows[table] = Number((r[0] as { n: string } | undefined)?.n ?? 0);
    }
    const { rows: size } = await main.query(
      'SELECT pg_database_size(current_database())::bigint AS n',
    );
    return {
      version: GENERATOR_VERSION,
      traces,
      transactions: rows.transactions ?? 0,
      generatedAt: new Date().toISOString(),
      generationSeconds: Math.round((performance.now() - started) / 1000),
      rows,
      sizeBytes: Number((size[0] as { n: string } | undefined)?.n ?? 0),
      ...(options.ltWidth === undefined ? {} : { ltWidth: options.ltWidth.toString() }),
      ...(options.unpartitioned === true ? { unpartitioned: true } : {}),
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/**
 * The database `name` on `serverUrl` with at least `transactions` synthetic transactions and the
 * migrations of this tree applied.
 */
export async function ensureV3Dataset(
  serverUrl: string,
  name: string,
  transactions: number,
  log: Log,
  options: DatasetOptions = {},
): Promise<Dataset> {
  const url = withDatabase(serverUrl, name);
  const marker = await readMarker(serverUrl, name);
  if (
    marker?.version === GENERATOR_VERSION &&
    marker.traces === traceCount(transactions) &&
    marker.transactions >= transactions &&
    marker.ltWidth === options.ltWidth?.toString() &&
    marker.unpartitioned === options.unpartitioned
  ) {
    log(`kept dataset of ${marker.generatedAt}: ${String(marker.transactions)} transactions`);
    // Migrating would partition it: an unpartitioned dataset stays as its generation left it.
    const applied = options.unpartitioned === true ? [] : await migrate(url);
    if (applied.length > 0) {
      log(`migrations applied to the kept dataset: ${applied.join(', ')}`);
      const client = await pgClient(url, 'bench-v3-analyze');
      await client.query('ANALYZE').finally(() => client.end());
    }
    return { url, info: marker, generatedNow: false, migrationsApplied: applied };
  }
  log(
    marker === undefined
      ? `no complete dataset in ${name}: generating`
      : `dataset of ${name} is another version or size: regenerating`,
  );
  await dropDatabase(serverUrl, name);
  await createDatabase(serverUrl, name);
  const applied = await migrate(url);
  if (options.unpartitioned === true) {
    const width = options.ltWidth ?? (await migratedLtWidth(url));
    await unpartitionEmptyDatabase(url, log, width);
  }
  const info = await generate(url, transactions, log, options);
  const admin = await pgClient(serverUrl, 'bench-v3-marker');
  try {
    // The marker goes last: a generation cut short leaves none, and the next run starts over.
    await admin.query(
      `COMMENT ON DATABASE "${name}" IS '${JSON.stringify(info).replaceAll("'", "''")}'`,
    );
  } finally {
    await admin.end();
  }
  return { url, info, generatedNow: true, migrationsApplied: applied };
}
