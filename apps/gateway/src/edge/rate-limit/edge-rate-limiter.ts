import { type Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { type LimitState } from './rate-limit-headers';

export type LimitVerdict =
  | { readonly kind: 'allowed'; readonly state: LimitState }
  | { readonly kind: 'refused'; readonly state: LimitState }
  | { readonly kind: 'store-unavailable'; readonly error: unknown };

/** A plan's burst is spent over, and refilled every, this many seconds. */
export const BURST_WINDOW_SECONDS = 10;

export interface PlanLimit {
  readonly id: number;
  readonly rps: number;
  readonly burst: number;
}

export interface EdgeRateLimiterOptions {
  /** The deployment's network: toncenter counts limits per network, so buckets are per network too. */
  readonly network: string;
  readonly anonymousRps: number;
  /** Redis key prefix (tests isolate runs with their own). */
  readonly keyPrefix?: string;
}

interface Consumer {
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

/** A one-window limiter: its consumption can also be read without spending. */
type Window = RateLimiterRedis | RateLimiterMemory;

/**
 * Rate limits. With Redis (`REDIS_URL`) they are shared: one-second fixed windows counted atomically by a Lua script
 * (rate-limiter-flexible), so N gateway replicas share one bucket: one per client IP without a key,
 * one per plan with a key (a plan's rate is summed over its keys, as toncenter's plans are). Once a
 * window is spent, a replica refuses the rest of it from memory without asking Redis (the window can
 * only be reopened by time), which keeps a flood from becoming Redis load. Without Redis the same
 * windows are counted in this process's memory (rate-limiter-flexible's RateLimiterMemory): the limits
 * hold per process, so N replicas without Redis allow N times the rate.
 */
export class EdgeRateLimiter {
  private readonly anonymous: Window;
  /** Failed key presentations per client IP, at the anonymous rate: the key store's guard. */
  private readonly failedKeys: Window;
  private readonly plans = new Map<string, Consumer>();
  private readonly prefix: string;

  /** `redis` null: limits in this process's memory. */
  constructor(
    private readonly redis: Redis | null,
    private readonly options: EdgeRateLimiterOptions,
  ) {
    this.prefix = `${options.keyPrefix ?? 'tonapi:rl'}:${options.network}`;
    this.anonymous = this.window(`${this.prefix}:ip`, options.anonymousRps, 1);
    this.failedKeys = this.window(`${this.prefix}:badkey`, options.anonymousRps, 1);
  }

  /** `cost` calls by a caller without a key from `clientIp`. */
  consumeAnonymous(clientIp: string, cost: number): Promise<LimitVerdict> {
    return this.consume(this.anonymous, clientIp, cost, this.options.anonymousRps);
  }

  /** Counts a key `clientIp` presented that is no live key (its answer is decided elsewhere). */
  async recordFailedKey(clientIp: string): Promise<void> {
    try {
      await this.failedKeys.consume(clientIp, 1);
    } catch {
      // Refused (already over) or the store failed: either way there is nothing more to count.
    }
  }

  /**
   * Whether `clientIp` presented as many failed keys this second as an anonymous caller may make
   * requests: then a key the cache does not know gets 429 without a read of the key store. Read
   * without spending; a store failure reads as not spent (the failure mode is decided where units
   * are spent). A key holder behind the same address as anonymous callers is not affected: only
   * failed keys count here.
   */
  async failedKeysSpent(clientIp: string): Promise<boolean> {
    try {
      const res = await this.failedKeys.get(clientIp);
      return res !== null && res.consumedPoints >= this.options.anonymousRps;
    } catch (error: unknown) {
      return error instanceof RateLimiterRes;
    }
  }

  /** Whether the limits are shared across replicas (Redis) or per process. */
  get shared(): boolean {
    return this.redis !== null;
  }

  /** `cost` calls against the plan's shared bucket (rps per second, plus its burst). */
  consumePlan(plan: PlanLimit, cost: number): Promise<LimitVerdict> {
    return this.consume(this.planLimiter(plan), String(plan.id), cost, plan.rps);
  }

  private async consume(
    limiter: Consumer,
    key: string,
    cost: number,
    limit: number,
  ): Promise<LimitVerdict> {
    try {
      const res = await limiter.consume(key, cost);
      return { kind: 'allowed', state: stateOf(res, limit) };
    } catch (error: unknown) {
      if (error instanceof RateLimiterRes) {
        return { kind: 'refused', state: stateOf(error, limit) };
      }
      return { kind: 'store-unavailable', error };
    }
  }

  /** One limiter per plan version: a `plans update` takes effect with the next cache refresh. */
  private planLimiter(plan: PlanLimit): Consumer {
    const id = `${plan.id}:${plan.rps}:${plan.burst}`;
    const existing = this.plans.get(id);
    if (existing !== undefined) {
      return existing;
    }
    const perSecond = this.window(`${this.prefix}:plan`, plan.rps, 1);
    const limiter: Consumer =
      plan.burst > 0
        ? new BurstyRateLimiter(
            perSecond,
            this.window(`${this.prefix}:burst`, plan.burst, BURST_WINDOW_SECONDS),
          )
        : perSecond;
    if (this.plans.size >= 1000) {
      this.plans.clear();
    }
    this.plans.set(id, limiter);
    return limiter;
  }

  private window(keyPrefix: string, points: number, durationSeconds: number): Window {
    if (this.redis === null) {
      return new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
    }
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix,
      points,
      duration: durationSeconds,
      // Fail at once while Redis is disconnected instead of queueing behind a reconnect.
      rejectIfRedisNotReady: true,
      // Spent window → refuse from memory until it ends (exact: only time reopens it).
      inMemoryBlockOnConsumed: points + 1,
    });
  }
}

function stateOf(res: RateLimiterRes, limit: number): LimitState {
  return { limit, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
}
