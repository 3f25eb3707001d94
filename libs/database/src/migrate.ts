/**
 * `npm run migrate` (node dist/libs/database/src/migrate.js): applies the pending migrations to
 * DATABASE_URL, or with `--revert` reverts the last one. Logs one JSON line per migration (pino) and
 * exits non-zero with the reason when anything fails. Runs as the k8s migrations Job and the compose
 * `migrate` one-shot, before the apps roll out.
 */
import pino from 'pino';
import { createDataSource } from './data-source.factory';
import { redactDatabaseUrl } from './database-url';
import {
  appliedMigrations,
  MigrationFailedError,
  revertLastMigration,
  runPendingMigrations,
} from './migrator';

const USAGE = 'usage: DATABASE_URL=postgres://user@host:5432/db node migrate.js [--revert]';

async function main(argv: string[], logger: pino.Logger): Promise<number> {
  const unknown = argv.filter((a) => a !== '--revert');
  if (unknown.length > 0) {
    logger.error({ args: unknown }, `unknown argument(s); ${USAGE}`);
    return 2;
  }
  const url = process.env.DATABASE_URL;
  if (url === undefined || url === '') {
    logger.error(`DATABASE_URL is not set; ${USAGE}`);
    return 2;
  }
  const revert = argv.includes('--revert');
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
    logger.error(
      { database, err: error },
      // A MigrationFailedError already names the migration: "migration <name> failed: <why>".
      error instanceof MigrationFailedError
        ? `${reason}; the migrations before it are applied`
        : `migration ${revert ? 'revert' : 'run'} failed: ${reason}`,
    );
    return 1;
  } finally {
    if (dataSource.isInitialized) {
      await dataSource.destroy();
    }
  }
}

const logger = pino({ name: 'migrate', base: { app: 'migrate' } });
main(process.argv.slice(2), logger).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    logger.fatal({ err: error }, 'migrate crashed');
    process.exitCode = 1;
  },
);
