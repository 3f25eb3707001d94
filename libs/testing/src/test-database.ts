import {
  createDatabase,
  createDataSource,
  dropDatabase,
  runPendingMigrations,
  withDatabase,
} from '@app/database';
import { uniqueName } from './unique-name';

export interface TestDatabase {
  /** postgres:// URL of the new database. */
  url: string;
  name: string;
  /** Drops the database, disconnecting any session still open. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply all migrations (default true); false gives an empty database for migration tests. */
  migrate?: boolean;
  /** Prefix of the database name (default `test`). */
  prefix?: string;
  /** The server it is created on (default testServerUrl()): a private one a benchmark started. */
  serverUrl?: string;
}

/**
 * The local PostgreSQL server used by integration tests (trust auth, user postgres): TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/test. New databases are created through it.
 */
export function testServerUrl(): string {
  const fromEnv = process.env.TEST_DATABASE_URL;
  return fromEnv !== undefined && fromEnv !== ''
    ? fromEnv
    : 'postgres://postgres@127.0.0.1:5432/test';
}

/** A fresh database of its own for one test file, with the real migrations applied. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = options.serverUrl ?? testServerUrl();
  const name = uniqueName(options.prefix ?? 'test');
  await createDatabase(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  const drop = (): Promise<void> => dropDatabase(serverUrl, name);
  if (options.migrate ?? true) {
    const dataSource = createDataSource({ url, applicationName: 'test-migrate', poolSize: 1 });
    try {
      await dataSource.initialize();
      await runPendingMigrations(dataSource);
    } catch (error: unknown) {
      await drop();
      throw error;
    } finally {
      if (dataSource.isInitialized) {
        await dataSource.destroy();
      }
    }
  }
  return { url, name, drop };
}
