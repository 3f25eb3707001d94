/**
 * `npm run migrate` (node dist/libs/database/src/migrate.js): applies the pending migrations to
 * DATABASE_URL, or with `--revert` reverts the last one. Logs one JSON line per migration with the
 * apps' logger and, when anything fails, exits 1 with the reason in one line on stderr. Runs as the k8s migrations Job and the compose
 * `migrate` one-shot, before the apps roll out.
 */
import {
  type CliSpec,
  CliUsageError,
  databaseEnv,
  loadConfig,
  loggingEnv,
  parseCommandLine,
  runCli,
} from '@app/config';
import { createLogger } from '@app/observability';
import { z } from 'zod';
import { createDataSource } from './data-source.factory';
import { redactDatabaseUrl } from './database-url';
import {
  appliedMigrations,
  MigrationFailedError,
  revertLastMigration,
  runPendingMigrations,
} from './migrator';

/** `npm run migrate -- …`: its flags and usage (libs/config command-line). */
export const MIGRATE_CLI = {
  name: 'migrate',
  command: 'npm run migrate --',
  summary:
    'Applies the pending migrations to DATABASE_URL (or reverts the last one), logging one JSON line per migration like the apps.',
  options: {
    revert: { type: 'boolean', help: 'revert the last applied migration instead' },
  },
  environment: [
    'DATABASE_URL  postgres://user@host:5432/db (required)',
    'LOG_LEVEL     pino log level (default info)',
  ],
} as const satisfies CliSpec<Record<string, { type: 'boolean'; help: string }>>;

async function main(argv: readonly string[]): Promise<number> {
  const { values } = parseCommandLine(MIGRATE_CLI, argv);
  const config = loadConfig(z.object({ ...databaseEnv, ...loggingEnv }));
  const url = config.DATABASE_URL;
  if (url === undefined) {
    throw new CliUsageError('DATABASE_URL is not set');
  }
  const logger = createLogger({ app: 'migrate', level: config.LOG_LEVEL });
  const revert = values.revert === true;
  const dataSource = createDataSource({ url, applicationName: 'ton-access-migrate', poolSize: 2 });
  const database = redactDatabaseUrl(url);
  try {
    await dataSource.initialize();
    if (revert) {
      const reverted = await revertLastMigration(dataSource);
      if (reverted === null) {
        logger.info({ database }, 'no applied migration to revert');
      } else {
        logger.info({ database, migration: reverted }, 'reverted migration');
      }
    } else {
      const applied = await runPendingMigrations(dataSource);
      for (const migration of applied) {
        logger.info({ database, migration }, 'applied migration');
      }
      const all = await appliedMigrations(dataSource);
      logger.info(
        { database, applied: applied.length, total: all.length, latest: all.at(-1) ?? null },
        applied.length === 0 ? 'schema is up to date' : 'migrations applied',
      );
    }
    return 0;
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    // A MigrationFailedError already names the migration: "migration <name> failed: <why>".
    throw new Error(
      error instanceof MigrationFailedError
        ? `${reason}; the migrations before it are applied`
        : `migration ${revert ? 'revert' : 'run'} failed: ${reason}`,
      { cause: error },
    );
  } finally {
    if (dataSource.isInitialized) {
      await dataSource.destroy();
    }
  }
}

runCli(MIGRATE_CLI, main);
