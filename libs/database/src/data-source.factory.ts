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
}

/** Compiled migrations beside this file (dist/.../migrations/*.js); `.ts` when run by the typeorm CLI. */
export const MIGRATIONS_GLOB = join(__dirname, 'migrations', '*.{js,ts}');
export const MIGRATIONS_TABLE_NAME = 'typeorm_migrations';

/**
 * A (not yet initialised) TypeORM data source. Schema changes happen only through migrations run as an
 * explicit step (`npm run migrate`, the k8s Job, the compose one-shot), never at boot of N replicas:
 * synchronize and migrationsRun are off (house style 3.6).
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
    ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
  });
}
