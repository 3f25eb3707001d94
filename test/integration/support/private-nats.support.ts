import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type BlockIndexedEvent } from '@app/contracts';
import { findFreePort } from '@app/database';
import { connectNats, type FollowChainEvent, type NewEventsFollower } from '@app/nats';
import { type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import pino, { type Logger } from 'pino';
import { PrivateNats } from './private-services';

/**
 * What the specs of the JetStream event followers share: a private nats-server they may stop, wipe
 * and restart without disturbing other suites, a logger whose records they count, and polling waits.
 */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** One pino record: its level, its message and the fields logged with it. */
export interface LogRecord {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

export interface CapturedLogs {
  /** Logs at debug level and keeps every record. */
  readonly logger: Logger;
  /** How many records at `level` (pino: 30 info, 40 warn) have a message beginning with `prefix`. */
  readonly logged: (level: number, prefix: string) => number;
  /** Those records themselves, in the order they were logged. */
  readonly records: (level: number, prefix: string) => LogRecord[];
}

export function captureLogs(): CapturedLogs {
  const kept: LogRecord[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        kept.push(JSON.parse(line) as LogRecord);
      },
    },
  );
  const records = (level: number, prefix: string): LogRecord[] =>
    kept.filter((r) => r.level === level && r.msg.startsWith(prefix));
  return {
    logger,
    logged: (level, prefix) => records(level, prefix).length,
    records,
  };
}

/** The block.indexed event of masterchain block `mcSeqno` alone, its hashes filled with that byte. */
export function blockIndexedEvent(mcSeqno: number): BlockIndexedEvent {
  const hash = Buffer.alloc(32, mcSeqno).toString('base64');
  return {
    mc_seqno: mcSeqno,
    blocks: [
      {
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: mcSeqno,
        root_hash: hash,
        file_hash: hash,
      },
    ],
    tx_count: 0,
  };
}

/**
 * A PrivateNats started in a temporary directory of its own, with the connection the code under test
 * uses: it reconnects for ever, as the apps' connections do.
 */
export class PrivateNatsRun {
  private constructor(
    readonly nats: PrivateNats,
    readonly nc: NatsConnection,
    private readonly dir: string,
  ) {}

  static async start(
    dirPrefix: string,
    connection: Partial<NodeConnectionOptions> = {},
  ): Promise<PrivateNatsRun> {
    const dir = await mkdtemp(join(tmpdir(), dirPrefix));
    const nats = new PrivateNats(await findFreePort(), join(dir, 'store'));
    await nats.start();
    const nc = await connectNats({ servers: nats.url, maxReconnectAttempts: -1, ...connection });
    return new PrivateNatsRun(nats, nc, dir);
  }

  /** Runs `use` on a connection of its own, as another service would (`nc` may be reconnecting). */
  async withConnection<R>(use: (nc: NatsConnection) => Promise<R>): Promise<R> {
    const own = await connectNats({ servers: this.nats.url });
    try {
      return await use(own);
    } finally {
      await own.close();
    }
  }

  /** NATS restarted without its JetStream store (a pod that lost its volume): no stream is left. */
  async restartWithoutStore(): Promise<void> {
    await this.nats.stop();
    await rm(join(this.dir, 'store'), { recursive: true, force: true });
    await this.nats.start();
  }

  async close(): Promise<void> {
    await this.nc.close();
    await this.nats.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}

export interface WakeupsProbe extends CapturedLogs {
  readonly run: PrivateNatsRun;
  /** How many times the follower woke its caller. */
  readonly wakes: number;
}

/**
 * Registers before()/after() hooks in the enclosing describe(): an app's wake-ups (followTxsDecoded,
 * followBlockIndexed) follow on a PrivateNatsRun for its tests, their wakes counted and logs kept.
 */
export function wakeupsOnPrivateNats<T>(
  dirPrefix: string,
  follow: FollowChainEvent<T>,
): WakeupsProbe {
  const logs = captureLogs();
  let run: PrivateNatsRun | undefined;
  let follower: NewEventsFollower<T> | undefined;
  let wakes = 0;
  before(async () => {
    run = await PrivateNatsRun.start(dirPrefix);
    follower = await follow(
      run.nc,
      () => {
        wakes++;
      },
      logs.logger,
    );
  });
  after(async () => {
    await follower?.stop();
    await run?.close();
  });
  return {
    ...logs,
    get run(): PrivateNatsRun {
      if (run === undefined) {
        throw new Error('the private nats-server is started by before()');
      }
      return run;
    },
    get wakes(): number {
      return wakes;
    },
  };
}
