import { AsyncLocalStorage } from 'node:async_hooks';
import { type DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../database-unavailable';
import { type ReadRoutingMetrics } from './read-routing.metrics';
import { probePrimaryLsn, probeReplica, type ReplicaProbe, withTimeout } from './replica-probe';
import { walBytesBehind } from './wal-lsn';

/** A read replica as the router is given it: a label and how to open a pool on it. */
export interface ReadReplicaSource {
  /** `host:port/database`, the `replica` label of its metrics and logs (never credentials). */
  readonly name: string;
  /** A new, not yet initialised data source on the replica. */
  create(): DataSource;
}

/** The subset of a pino logger the router writes to. */
export interface ReadRouterLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface ReadRouterOptions {
  /** A replica further behind the primary than this many WAL bytes takes no reads until it catches up. */
  readonly maxLagBytes: number;
  /** Pause between two probe rounds (default 200 ms). */
  readonly probeIntervalMs?: number;
  /** A probe not answered within this is a failure (default 600 ms). */
  readonly probeTimeoutMs?: number;
  readonly metrics?: ReadRoutingMetrics;
  readonly logger?: ReadRouterLogger;
}

/** Where one request's reads go. */
interface ReadTarget {
  readonly server: string;
  readonly dataSource: DataSource;
}

interface ReplicaState {
  readonly source: ReadReplicaSource;
  dataSource: DataSource | undefined;
  serving: boolean;
  lagBytes: bigint | undefined;
  /** Bumped when a read finds the replica down, so a probe begun before that cannot re-admit it. */
  downMarks: number;
  /** Why it does not serve (logged once per change). */
  reason: string | undefined;
}

export const PRIMARY_SERVER = 'primary';

/**
 * Sends each v3 request's reads to one server: a streaming read replica that answers its probe as a
 * standby and is within `maxLagBytes` of the primary's WAL position (round robin over those), else
 * the primary. A request is pinned to the server chosen when it begins (`read()`): its page, address
 * book and metadata, and the indexer_cursor rows their caches are keyed by, all come from one
 * snapshot history, so a lagging replica never mixes two states in one answer.
 *
 * Replicas are probed every `probeIntervalMs`; a probe that fails or times out, or a read that finds
 * the replica unavailable, takes it out at once (that read is answered again by the primary), and the
 * next probe that succeeds puts it back. Lag is the primary's `pg_current_wal_lsn()` minus the
 * replica's `pg_last_wal_replay_lsn()`
 * (https://www.postgresql.org/docs/15/functions-admin.html#FUNCTIONS-RECOVERY-INFO-TABLE): bytes, not
 * the replay timestamp, which grows on an idle primary with nothing to replay.
 *
 * Code outside `read()` (the stream publisher, the ingestor, migrations) uses the primary.
 */
export class ReadRouter {
  /**
   * A DataSource that is, at each use, the one of the current `read()` (the primary outside one):
   * what the query repositories are built on.
   */
  readonly dataSource: DataSource;
  private readonly scope = new AsyncLocalStorage<ReadTarget>();
  private readonly primaryTarget: ReadTarget;
  private readonly replicas: ReplicaState[];
  private readonly probeIntervalMs: number;
  private readonly probeTimeoutMs: number;
  private readonly maxLagBytes: bigint;
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    readonly primary: DataSource,
    replicas: readonly ReadReplicaSource[],
    private readonly options: ReadRouterOptions,
  ) {
    this.primaryTarget = { server: PRIMARY_SERVER, dataSource: primary };
    this.replicas = replicas.map((source) => ({
      source,
      dataSource: undefined,
      serving: false,
      lagBytes: undefined,
      downMarks: 0,
      reason: 'not probed yet',
    }));
    this.probeIntervalMs = options.probeIntervalMs ?? 200;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 600;
    this.maxLagBytes = BigInt(options.maxLagBytes);
    this.dataSource = routedDataSource(primary, () => this.current().dataSource);
    for (const replica of this.replicas) {
      options.metrics?.up.set({ replica: replica.source.name }, 0);
    }
  }

  /** Probes every replica once (so the first requests already use those that serve), then keeps probing. */
  async start(): Promise<void> {
    if (this.replicas.length === 0 || this.timer !== undefined) {
      return;
    }
    await this.probeOnce();
    this.schedule();
  }

  /** Stops probing and closes the replicas' pools. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.probing;
    await Promise.all(
      this.replicas.map(async (replica) => {
        const ds = replica.dataSource;
        replica.dataSource = undefined;
        if (ds?.isInitialized === true) {
          await ds.destroy();
        }
      }),
    );
  }

  /**
   * Runs one request's reads on one server. When the replica it was given turns out unavailable
   * (it stopped, restarts, refuses connections), the replica is taken out and `fn` runs again on the
   * primary: reads are repeatable.
   */
  async read<T>(fn: () => Promise<T>): Promise<T> {
    const chosen = this.choose();
    const target = chosen?.dataSource === undefined ? this.primaryTarget : chosen;
    this.options.metrics?.reads.inc({ server: target.server });
    if (target === this.primaryTarget) {
      return this.scope.run(target, fn);
    }
    try {
      return await this.scope.run(target, fn);
    } catch (error: unknown) {
      const replica = this.replicas.find((r) => r.source.name === target.server);
      if (replica === undefined || !isDatabaseUnavailable(error)) {
        throw error;
      }
      this.options.metrics?.errors.inc({ replica: target.server, stage: 'read' });
      replica.downMarks += 1;
      this.setServing(replica, false, `a read found it unavailable: ${messageOf(error)}`);
      this.options.metrics?.reads.inc({ server: PRIMARY_SERVER });
      return this.scope.run(this.primaryTarget, fn);
    }
  }

  /** The server of the current `read()` (`primary` outside one). */
  currentServer(): string {
    return this.current().server;
  }

  /** The replicas taking reads now, by name. */
  servingReplicas(): string[] {
    return this.replicas.filter((r) => r.serving).map((r) => r.source.name);
  }

  /** WAL bytes a replica was behind at its last successful probe (undefined before one). */
  lagBytesOf(name: string): bigint | undefined {
    return this.replicas.find((r) => r.source.name === name)?.lagBytes;
  }

  private current(): ReadTarget {
    return this.scope.getStore() ?? this.primaryTarget;
  }

  private choose(): ReadTarget | undefined {
    const serving = this.replicas.filter((r) => r.serving && r.dataSource !== undefined);
    if (serving.length === 0) {
      return undefined;
    }
    this.turn = (this.turn + 1) % serving.length;
    const replica = serving[this.turn];
    return replica?.dataSource === undefined
      ? undefined
      : { server: replica.source.name, dataSource: replica.dataSource };
  }

  private schedule(): void {
    if (this.stopped) {
      return;
    }
    this.timer = setTimeout(() => {
      void this.probeOnce().finally(() => {
        this.schedule();
      });
    }, this.probeIntervalMs);
    this.timer.unref();
  }

  private probeOnce(): Promise<void> {
    this.probing ??= this.probeAll().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async probeAll(): Promise<void> {
    const marks = this.replicas.map((r) => r.downMarks);
    const [primaryLsn, ...probes] = await Promise.all([
      probePrimaryLsn(this.primary, this.probeTimeoutMs).catch(() => undefined),
      ...this.replicas.map((replica) => this.probeReplica(replica)),
    ]);
    this.replicas.forEach((replica, i) => {
      const probe = probes[i];
      if (this.stopped || probe === undefined || marks[i] !== replica.downMarks) {
        return;
      }
      this.apply(replica, probe, primaryLsn);
    });
  }

  /** One replica's probe, opening its pool first when it has none (it was down at boot). */
  private async probeReplica(replica: ReplicaState): Promise<ReplicaProbe | Error> {
    try {
      if (replica.dataSource === undefined) {
        const ds = replica.source.create();
        const opening = ds.initialize();
        try {
          await withTimeout(opening, this.probeTimeoutMs * 3, 'connection');
        } catch (error: unknown) {
          // Opened after all, too late: close it rather than leak its pool.
          void opening.then(
            () => ds.destroy(),
            () => undefined,
          );
          throw error;
        }
        if (this.stopped) {
          await ds.destroy();
          return new Error('stopped');
        }
        replica.dataSource = ds;
      }
      return await probeReplica(replica.dataSource, this.probeTimeoutMs);
    } catch (error: unknown) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private apply(replica: ReplicaState, probe: ReplicaProbe | Error, primaryLsn?: bigint): void {
    const name = replica.source.name;
    const metrics = this.options.metrics;
    if (probe instanceof Error) {
      metrics?.errors.inc({ replica: name, stage: 'probe' });
      this.setServing(replica, false, `probe failed: ${probe.message}`);
      return;
    }
    if (!probe.inRecovery) {
      // A promoted standby, or the primary itself listed as a replica: its writes are not DATABASE_URL's.
      this.setServing(replica, false, 'not a standby (pg_is_in_recovery() is false)');
      return;
    }
    if (primaryLsn !== undefined && probe.replayLsn !== undefined) {
      replica.lagBytes = walBytesBehind(primaryLsn, probe.replayLsn);
    }
    // The primary unreachable: the last lag stands (a primary taking no writes gets no further ahead).
    const lag = replica.lagBytes;
    metrics?.lagSeconds.set({ replica: name }, probe.replayAgeSeconds);
    if (lag === undefined) {
      this.setServing(replica, false, 'lag unknown (no replay position yet)');
      return;
    }
    metrics?.lagBytes.set({ replica: name }, Number(lag));
    if (lag > this.maxLagBytes) {
      this.setServing(replica, false, `${lag} WAL bytes behind the primary`);
      return;
    }
    this.setServing(replica, true, undefined);
  }

  private setServing(replica: ReplicaState, serving: boolean, reason: string | undefined): void {
    const name = replica.source.name;
    this.options.metrics?.up.set({ replica: name }, serving ? 1 : 0);
    const changed = replica.serving !== serving || replica.reason !== reason;
    replica.serving = serving;
    replica.reason = reason;
    if (!changed) {
      return;
    }
    if (serving) {
      this.options.logger?.info({ replica: name }, 'read replica takes reads');
    } else {
      this.options.logger?.warn({ replica: name, reason }, 'read replica takes no reads');
    }
  }
}

/** A DataSource whose every property is that of `pick()` at the moment it is read. */
function routedDataSource(primary: DataSource, pick: () => DataSource): DataSource {
  return new Proxy(primary, {
    get(_target, property): unknown {
      const ds = pick();
      const value: unknown = Reflect.get(ds, property, ds);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(ds) : value;
    },
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
