import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@app/database';

const execFileAsync = promisify(execFile);

/** The server binaries of the newest PostgreSQL installed the Debian way (/usr/lib/postgresql/<major>/bin). */
async function postgresBinDir(): Promise<string> {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv !== undefined && fromEnv !== '') {
    return fromEnv;
  }
  const majors = (await readdir('/usr/lib/postgresql')).filter((d) => /^\d+$/.test(d));
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) {
    throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (set PG_BIN_DIR)');
  }
  return join('/usr/lib/postgresql', newest, 'bin');
}

/** initdb and postgres refuse to run as root: then they run as the OS user `postgres`. */
async function serverIdentity(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) {
    return undefined;
  }
  const [uid, gid] = await Promise.all([
    execFileAsync('id', ['-u', 'postgres']),
    execFileAsync('id', ['-g', 'postgres']),
  ]);
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/** One private PostgreSQL server (a child process) on 127.0.0.1:`port`. */
export interface PrivateServer {
  readonly port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** Fast shutdown (SIGINT); resolves once the postmaster has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and port. */
  start(): Promise<void>;
}

/** A primary and a hot standby streaming from it, in a temporary directory of their own. */
export interface StreamingPair {
  readonly primary: PrivateServer;
  readonly standby: PrivateServer;
  /** Stops both and removes their directory. */
  close(): Promise<void>;
}

/**
 * Starts a primary (initdb, trust auth, loopback TCP only, no Unix socket) and a standby made from it
 * by `pg_basebackup -R` (which writes standby.signal and primary_conninfo), on free ports. Both are
 * waited for until they accept connections.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = await postgresBinDir();
  const owner = await serverIdentity();
  const root = await mkdtemp(join(tmpdir(), 'pg-replicas-'));
  if (owner !== undefined) {
    await chown(root, owner.uid, owner.gid);
  }
  const asServer = owner === undefined ? {} : { uid: owner.uid, gid: owner.gid };
  const run = (tool: string, args: string[]): Promise<unknown> =>
    execFileAsync(join(bin, tool), args, { ...asServer, cwd: root });

  const servers: PrivateServer[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(root, { recursive: true, force: true });
  };
  try {
    const primaryDir = join(root, 'primary');
    await run('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
    ]);
    const primary = privateServer(bin, primaryDir, await findFreePort(), asServer);
    servers.push(primary);
    await primary.start();
    const standbyDir = join(root, 'standby');
    await run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    const standby = privateServer(bin, standbyDir, await findFreePort(), asServer);
    servers.push(standby);
    await standby.start();
    return { primary, standby, close };
  } catch (error: unknown) {
    await close();
    throw error;
  }
}

function privateServer(
  bin: string,
  dataDir: string,
  port: number,
  asServer: { uid?: number; gid?: number },
): PrivateServer {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = (database: string): string =>
    `postgres://postgres@127.0.0.1:${String(port)}/${database}`;
  return {
    port,
    url,
    start: async () => {
      const output: string[] = [];
      const started = spawn(
        join(bin, 'postgres'),
        [
          '-D',
          dataDir,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          // A test cluster: durability is not what is tested, speed is welcome.
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
        ],
        { ...asServer, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      child = started;
      started.stderr.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
      });
      exited = new Promise((resolve) => {
        started.once('exit', () => {
          resolve();
        });
      });
      await acceptsConnections(bin, port, exited, output);
    },
    stop: async () => {
      if (child?.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
      }
      await exited;
    },
  };
}

/** Polls pg_isready until the server accepts connections; fails with its own words if it exits first. */
async function acceptsConnections(
  bin: string,
  port: number,
  exited: Promise<void>,
  output: readonly string[],
): Promise<void> {
  const server = { gone: false };
  void exited.then(() => {
    server.gone = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.gone) {
      throw new Error(`postgres exited while starting:\n${output.join('')}`);
    }
    try {
      await execFileAsync(join(bin, 'pg_isready'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-t',
        '1',
      ]);
      return;
    } catch {
      // pg_isready fails until the server accepts connections; poll until the deadline.
      if (Date.now() > deadline) {
        throw new Error(`postgres did not accept connections within 60 s:\n${output.join('')}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
