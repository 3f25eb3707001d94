import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { parseDatabaseUrl } from './database-url';
import { DATABASE_ENTITIES } from './database.entities';

export interface DataSourceFactoryOptions {
  /** postgres://user[:password]@host:port/database */
  url: string;
  /** Shown in pg_stat_activity, e.g. the app's name. */
  applicationName?: string;
  /** Connections in the pool (pg's default is 10). */
  poolSize?: number;
  /** Log every SQL statement through TypeORM's logger (debugging only). */
  logging?: boolean;
  /** A pool connection not established within this fails (pg's default waits for ever). */
  connectTimeoutMs?: number;
}

/**
 * Server settings of every session the service opens (libpq `options`). Parallel query off: the
 * service's statements are short index reads, but on a large table PostgreSQL's row estimates for
 * `= ANY(<100 ids>)` run high (n_distinct of trace_id or tx_hash is underestimated from the sample) and it
 * plans parallel workers, whose start costs more than the whole read and, under concurrent requests,
 * takes the cores other requests need (the statements of traces by account for a busy account, on the
 * 10M-transaction database of bench/v3-queries.ts, two cores: 70–130 ms with parallel plans, 30–50 ms
 * without).
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** Compiled migrations beside this file (dist/.../migrations/*.js); `.ts` when run by the typeorm CLI. */
export const MIGRATIONS_GLOB = join(__dirname, 'migrations', '*.{js,ts}');
export const MIGRATIONS_TABLE_NAME = 'typeorm_migrations';

/**
 * A (not yet initialised) TypeORM data source. Schema changes happen only through migrations run as an
 * explicit step (`npm run migrate`, the k8s Job, the compose one-shot), never at boot of N replicas:
 * synchronize and migrationsRun are off.
 */
export function createDataSource(options: DataSourceFactoryOptions): DataSource {
  parseDatabaseUrl(options.url);
  return new DataSource({
    type: 'postgres',
    url: options.url,
    applicationName: options.applicationName ?? 'ton-access',
    entities: DATABASE_ENTITIES,
    migrations: [MIGRATIONS_GLOB],
    migrationsTableName: MIGRATIONS_TABLE_NAME,
    // Each migration in its own transaction, so a failure leaves the earlier ones applied and recorded.
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: options.logging ?? false,
    extra: {
      options: SESSION_OPTIONS,
      ...(options.connectTimeoutMs === undefined
        ? {}
        : { connectionTimeoutMillis: options.connectTimeoutMs }),
    },
    ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
  });
}
