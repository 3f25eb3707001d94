import { DataSource } from 'typeorm';
import { z } from 'zod';
import { assertSafeDatabaseName, parseDatabaseUrl } from './database-url';

const ExistsRows = z.array(z.object({ exists: z.boolean() }));

/**
 * Server-level statements (CREATE/DROP DATABASE) cannot run inside a transaction or take parameters, so
 * names are validated with assertSafeDatabaseName() and quoted. `serverUrl` is any database on the
 * server that the user may connect to (usually `postgres`).
 */
async function withServer<T>(serverUrl: string, work: (ds: DataSource) => Promise<T>): Promise<T> {
  parseDatabaseUrl(serverUrl);
  const dataSource = new DataSource({
    type: 'postgres',
    url: serverUrl,
    applicationName: 'ton-access-admin',
    poolSize: 1,
    synchronize: false,
    migrationsRun: false,
  });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  assertSafeDatabaseName(name);
  return withServer(serverUrl, async (ds) => queryExists(ds, name));
}

/** Creates database `name` unless it exists; returns whether it was created. */
export async function createDatabase(serverUrl: string, name: string): Promise<boolean> {
  assertSafeDatabaseName(name);
  return withServer(serverUrl, async (ds) => {
    if (await queryExists(ds, name)) {
      return false;
    }
    await ds.query(`CREATE DATABASE "${name}"`);
    return true;
  });
}

/** Drops database `name` if it exists, disconnecting its sessions first (PostgreSQL 13+ FORCE). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertSafeDatabaseName(name);
  await withServer(serverUrl, async (ds) => {
    await ds.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

async function queryExists(ds: DataSource, name: string): Promise<boolean> {
  const [row] = ExistsRows.parse(
    await ds.query('SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS "exists"', [
      name,
    ]),
  );
  return row?.exists ?? false;
}
