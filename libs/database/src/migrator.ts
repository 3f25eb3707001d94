import { type DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import { MIGRATIONS_TABLE_NAME } from './data-source.factory';

const NameRows = z.array(z.object({ name: z.string() }));
const RegclassRows = z.array(z.object({ table: z.string().nullable() }));

/**
 * Serialises concurrent migrators (a k8s Job retried while the first pod still runs, two developers'
 * `npm run migrate`): a session-level advisory lock. The key is an arbitrary constant of this project.
 * The lock and the migrations share one connection, so a pool of size 1 cannot deadlock.
 */
const MIGRATION_LOCK_KEY = 7_460_231_905;

/** Names of the applied migrations, oldest first; empty when the migrations table does not exist yet. */
export async function appliedMigrations(
  dataSource: DataSource,
  runner?: QueryRunner,
): Promise<string[]> {
  const [regclass] = RegclassRows.parse(
    await dataSource.query(
      `SELECT to_regclass($1)::text AS "table"`,
      [MIGRATIONS_TABLE_NAME],
      runner,
    ),
  );
  if (!regclass?.table) {
    return [];
  }
  const rows = NameRows.parse(
    await dataSource.query(`SELECT name FROM "${MIGRATIONS_TABLE_NAME}" ORDER BY id`, [], runner),
  );
  return rows.map((r) => r.name);
}

/** A migration that could not be applied; the ones before it are applied (one transaction each). */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(
      `migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** Names of the migrations this build has that the database has not applied, oldest first. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  // Read-only: TypeORM only looks at the migrations table (and finds none on an empty database).
  return (await new MigrationExecutor(dataSource).getPendingMigrations()).map((m) => m.name);
}

/**
 * Runs every pending migration (each in its own transaction) and returns the names applied, in order.
 * A failure is a MigrationFailedError naming the migration that failed.
 */
export async function runPendingMigrations(dataSource: DataSource): Promise<string[]> {
  return withMigrationLock(dataSource, async (runner) => {
    const pending = (await new MigrationExecutor(dataSource, runner).getPendingMigrations()).map(
      (m) => m.name,
    );
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    try {
      const applied = await executor.executePendingMigrations();
      return applied.map((m) => m.name);
    } catch (error: unknown) {
      const done = new Set(await appliedMigrations(dataSource, runner));
      const failed = pending.find((name) => !done.has(name));
      throw failed === undefined ? error : new MigrationFailedError(failed, error);
    }
  });
}

/**
 * Refuses to go on when this build has migrations the database has not applied: an app on an older
 * schema would fail on its first query instead of at boot. Migrations are an explicit step (the
 * migrations Job, `npm run migrate`), so the message says to run them. Migrations the database has
 * and this build does not (a newer version ran them) are fine: they only add.
 */
export async function assertSchemaCurrent(dataSource: DataSource): Promise<void> {
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) {
    throw new Error(
      `the database schema is behind this version: ${String(pending.length)} migration(s) not applied (${pending.join(', ')}); run the migrations first (npm run migrate, or the migrations Job)`,
    );
  }
}

/** Reverts the most recently applied migration; returns its name, or null when none was applied. */
export async function revertLastMigration(dataSource: DataSource): Promise<string | null> {
  return withMigrationLock(dataSource, async (runner) => {
    const last = (await appliedMigrations(dataSource, runner)).at(-1);
    if (last === undefined) {
      return null;
    }
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    await executor.undoLastMigration();
    return last;
  });
}

async function withMigrationLock<T>(
  dataSource: DataSource,
  work: (runner: QueryRunner) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(runner);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
