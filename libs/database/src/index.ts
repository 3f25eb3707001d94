export { bigintTransformer } from './bigint.transformer';
export {
  createDataSource,
  MIGRATIONS_GLOB,
  MIGRATIONS_TABLE_NAME,
  type DataSourceFactoryOptions,
} from './data-source.factory';
export { createDatabase, databaseExists, dropDatabase } from './database-admin';
export {
  assertSafeDatabaseName,
  databaseName,
  parseDatabaseUrl,
  redactDatabaseUrl,
  withDatabase,
} from './database-url';
export { DATABASE_ENTITIES } from './database.entities';
export { DatabaseModule } from './database.module';
export {
  findFreePort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresLogger,
  type EmbeddedPostgresOptions,
} from './embedded-postgres.launcher';
export { IndexerCursorEntity } from './entities/indexer-cursor.entity';
export { appliedMigrations, revertLastMigration, runPendingMigrations } from './migrator';
export { pingDatabase } from './ping-database';
export { IndexerCursorRepository } from './repositories/indexer-cursor.repository';
export { DataSource, type EntityManager } from 'typeorm';
export { postgresReadiness } from './readiness';
