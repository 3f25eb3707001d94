import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { join, resolve } from 'node:path';

/** Resolves once something accepts TCP connections on 127.0.0.1:port. */
export async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => {
        done(false);
      });
    });
    if (open) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`nothing listens on port ${String(port)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/**
 * A private nats-server with JetStream (the machine's binary, as CI installs it), so a test can stop
 * and restart it without disturbing other suites. The store directory survives restarts.
 */
export class PrivateNats {
  private child: ChildProcess | undefined;
  /** While frozen: the exit hook that kills the stopped process. */
  private frozen: (() => void) | undefined;

  constructor(
    readonly port: number,
    private readonly storeDir: string,
    private readonly options: {
      /** The server's max_payload in bytes (nats-server's default is 1 MiB), set through a config file. */
      readonly maxPayload?: number;
      /** The HTTP monitoring port (`/connz`, `/varz`: https://docs.nats.io/running-a-nats-service/nats_admin/monitoring). */
      readonly monitorPort?: number;
    } = {},
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${String(this.port)}`;
  }

  async start(): Promise<void> {
    const config: string[] = [];
    const { maxPayload, monitorPort } = this.options;
    if (maxPayload !== undefined) {
      // max_payload has no command-line flag.
      await mkdir(this.storeDir, { recursive: true });
      const file = join(this.storeDir, 'nats.conf');
      await writeFile(file, `max_payload: ${String(maxPayload)}\n`);
      config.push('-c', file);
    }
    if (monitorPort !== undefined) {
      config.push('-m', String(monitorPort));
    }
    this.child = spawn(
      'nats-server',
      [...config, '-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir],
      { stdio: 'ignore' },
    );
    await waitForPort(this.port);
  }

  /**
   * SIGSTOP: the server keeps its port and its connections open but answers nothing, as a server
   * stuck in a long pause would. A process that exits meanwhile kills it, so none is left frozen.
   */
  freeze(): void {
    const child = this.child;
    if (child?.pid === undefined || this.frozen !== undefined) {
      return;
    }
    this.frozen = () => {
      child.kill('SIGKILL');
    };
    process.once('exit', this.frozen);
    child.kill('SIGSTOP');
  }

  /** SIGCONT after freeze(); does nothing otherwise. */
  thaw(): void {
    if (this.frozen === undefined) {
      return;
    }
    process.removeListener('exit', this.frozen);
    this.frozen = undefined;
    this.child?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    // A stopped process keeps SIGTERM pending: let it run to receive it.
    this.thaw();
    if (this.child !== undefined) {
      await stopProcess(this.child, 'SIGTERM');
    }
  }
}

/**
 * Runs `entry` of this build (a path from the repository root, e.g. `apps/ingestor/src/main.js`) as a
 * child process whose environment is PATH and `env` only; what it writes to stdout and stderr is
 * appended to `output`, for failure messages.
 */
export function spawnBuiltEntry(
  entry: string,
  env: Record<string, string>,
  output: string[],
): ChildProcess {
  const child = spawn(process.execPath, [resolve(__dirname, '../../../', entry)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output.push(chunk);
    });
  }
  return child;
}

/**
 * A service's mesh entry point (the ingestor's `apps/ingestor/src/main.js` unless `entry` names
 * another, of the same build) as a child process.
 */
export class IngestorProcess {
  private child: ChildProcess | undefined;
  readonly output: string[] = [];

  constructor(
    private readonly env: Record<string, string>,
    private readonly entry = 'apps/ingestor/src/main.js',
  ) {}

  start(): void {
    this.child = spawnBuiltEntry(this.entry, this.env, this.output);
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
  async kill(): Promise<void> {
    if (this.child !== undefined) {
      await stopProcess(this.child, 'SIGKILL');
    }
  }

  async stop(): Promise<void> {
    if (this.child !== undefined) {
      await stopProcess(this.child, 'SIGTERM');
    }
  }
}
