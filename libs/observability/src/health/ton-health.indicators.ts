import { Injectable } from '@nestjs/common';
import {
  type HealthCheckAttempt,
  HealthIndicatorService,
  type HealthIndicatorResult,
} from '@nestjs/terminus';

/** Liteserver pool status as the liteserver service reports it (counts only, never addresses). */
export interface LiteserverPoolStatus {
  healthy: number;
  total: number;
  /** The consensus masterchain seqno, when known. */
  masterchainSeqno?: number;
  /** The pool proves answers from a trust anchor. */
  proving?: boolean;
  /** The newest masterchain block it proved, once it has proven one. */
  provenSeqno?: number;
}

export const DEFAULT_HEALTH_TIMEOUT_MS = 3000;

/**
 * Readiness checks for @nestjs/terminus 12. Each takes the function that performs the real check, so
 * this library stays free of NATS, TypeORM and lite-client imports:
 * - NATS: a round trip to the server (`nc.rtt()`, see @app/nats `RpcTransportHealth`);
 * - PostgreSQL: `SELECT 1` through the app's DataSource;
 * - liteserver pool: the pool's own status (through NATS from the gateway).
 */
@Injectable()
export class TonHealthIndicators {
  constructor(private readonly health: HealthIndicatorService) {}

  /** Up when `roundTrip` resolves (its value, in ms, is reported as `rttMs`). */
  nats<const K extends string>(
    key: K,
    roundTrip: () => Promise<number>,
    timeoutMs = DEFAULT_HEALTH_TIMEOUT_MS,
  ): HealthCheckAttempt<K> {
    return this.health
      .check(key)
      .attempt(async () => ({ rttMs: await roundTrip() }))
      .withTimeout(timeoutMs);
  }

  /** Up when `selectOne` (e.g. `() => dataSource.query('SELECT 1')`) resolves. */
  postgres<const K extends string>(
    key: K,
    selectOne: () => Promise<unknown>,
    timeoutMs = DEFAULT_HEALTH_TIMEOUT_MS,
  ): HealthCheckAttempt<K> {
    return this.health
      .check(key)
      .attempt(async () => {
        await selectOne();
      })
      .withTimeout(timeoutMs);
  }

  /**
   * Up when every liteserver is healthy, degraded (still 200) when some are, down when none is, when
   * a proving pool has proven no head yet (it would answer every head read with an error), or when
   * the status cannot be read in time.
   */
  async liteservers<const K extends string>(
    key: K,
    status: () => Promise<LiteserverPoolStatus>,
    timeoutMs = DEFAULT_HEALTH_TIMEOUT_MS,
  ): Promise<HealthIndicatorResult<K>> {
    const session = this.health.check(key);
    let pool: LiteserverPoolStatus;
    try {
      pool = await withTimeout(status(), timeoutMs);
    } catch (err) {
      return session.down({ message: err instanceof Error ? err.message : String(err) });
    }
    const data = {
      healthy: pool.healthy,
      total: pool.total,
      ...(pool.masterchainSeqno === undefined ? {} : { masterchainSeqno: pool.masterchainSeqno }),
      ...(pool.provenSeqno === undefined ? {} : { provenSeqno: pool.provenSeqno }),
    };
    if (pool.proving === true && pool.provenSeqno === undefined) {
      return session.down({ ...data, message: 'no head proven yet' });
    }
    if (pool.healthy <= 0) {
      return session.down(data);
    }
    return pool.healthy < pool.total ? session.degraded(data) : session.up(data);
  }

  /**
   * Down while the process sheds requests for a lagging event loop (a start-up still compiling and
   * proving, or a replica past its capacity), so a balancer sends traffic elsewhere instead of to
   * answers of 503; up with the last window's mean delay otherwise.
   */
  eventLoop<const K extends string>(
    key: K,
    pressure: () => { delayMs: number; shedding: boolean },
  ): HealthIndicatorResult<K> {
    const { delayMs, shedding } = pressure();
    const session = this.health.check(key);
    const data = { delayMs: Math.round(delayMs) };
    return shedding
      ? session.down({ ...data, message: 'event loop overloaded: requests are shed' })
      : session.up(data);
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`timeout of ${ms}ms exceeded`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
