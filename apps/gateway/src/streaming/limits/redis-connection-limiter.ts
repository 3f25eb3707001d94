import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { z } from 'zod';
import {
  type AddressRefusal,
  type Admission,
  type AdmissionRequest,
  type ConnectionLimiter,
  type StreamLimits,
} from './connection-limiter';

/** How often a replica renews its connections, and how long an unrenewed one still counts. */
export const HEARTBEAT_MS = 15_000;
const EXPIRY_MS = 3 * HEARTBEAT_MS;

/** Drops the connections whose replica stopped renewing them (crashed, partitioned). */
const PURGE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for _, m in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)) do
  redis.call('ZREM', KEYS[1], m)
  redis.call('HDEL', KEYS[2], m)
end
`;

/**
 * KEYS: the caller's live connections (sorted set, score = expiry) and their address counts (hash).
 * ARGV: connection id, max connections, max addresses, addresses, replace oldest (1/0), expiry ms,
 * eviction channel. Answers {'ok', evicted} | {'connections', max} | {'addresses', current}.
 */
const ADMIT = `${PURGE}
local maxConn = tonumber(ARGV[2])
local live = redis.call('ZRANGE', KEYS[1], 0, -1)
table.sort(live)
local evict = {}
if #live >= maxConn then
  if ARGV[5] ~= '1' or maxConn == 0 then
    return {'connections', maxConn}
  end
  for i = 1, #live - maxConn + 1 do evict[live[i]] = true end
end
local current = 0
for _, m in ipairs(live) do
  if not evict[m] then current = current + tonumber(redis.call('HGET', KEYS[2], m) or '0') end
end
local n = tonumber(ARGV[4])
if current + n > tonumber(ARGV[3]) then
  return {'addresses', current}
end
local evicted = 0
for m, _ in pairs(evict) do
  redis.call('ZREM', KEYS[1], m)
  redis.call('HDEL', KEYS[2], m)
  redis.call('PUBLISH', ARGV[7], m)
  evicted = evicted + 1
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[6]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], n)
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return {'ok', evicted}
`;

/** ARGV: connection id, max addresses, addresses. Answers {'ok'|'gone', 0} | {'addresses', current}. */
const UPDATE_ADDRESSES = `${PURGE}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {'gone', 0} end
local current = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if m ~= ARGV[1] then current = current + tonumber(redis.call('HGET', KEYS[2], m) or '0') end
end
local n = tonumber(ARGV[3])
if current + n > tonumber(ARGV[2]) then return {'addresses', current} end
redis.call('HSET', KEYS[2], ARGV[1], n)
return {'ok', 0}
`;

/** ARGV: expiry ms, then the connection ids this replica still holds (never resurrects evicted ones). */
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return 0
`;

const Answer = z.tuple([z.string(), z.number()]);

export interface RedisConnectionLimiterOptions {
  /** Key prefix, network included (`tonapi:stream:<network>`). */
  readonly keyPrefix: string;
}

/**
 * Connection and address limits shared by every gateway replica ("enforced across
 * replicas like the rate limits"): per caller a sorted set of its live connection ids, scored by an
 * expiry each replica renews every 15 s for the connections it holds, and a hash of their address
 * counts; admission is one Lua script, so two replicas cannot both take the last slot. Evictions are
 * published, and the replica holding the evicted connection closes it. If Redis does not answer,
 * connections are admitted (as the rate limiter fails open by default) and it is logged.
 */
export class RedisConnectionLimiter implements ConnectionLimiter {
  private readonly local = new Map<string, Set<string>>();
  private readonly listeners: ((connId: string) => void)[] = [];
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly timer: NodeJS.Timeout;
  private warnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly options: RedisConnectionLimiterOptions,
  ) {
    this.channel = `${options.keyPrefix}:evicted`;
    // Subscribing takes a connection of its own; it may queue while (re)connecting.
    this.subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, connId: string) => {
      for (const listener of this.listeners) {
        listener(connId);
      }
    });
    void this.subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.warn(error, 'stream eviction channel not subscribed');
    });
    this.timer = setInterval(() => {
      void this.heartbeat();
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  async admit(request: AdmissionRequest): Promise<Admission> {
    const { identity, connId, limits } = request;
    let answer: [string, number];
    try {
      answer = Answer.parse(
        await this.redis.eval(
          ADMIT,
          2,
          ...this.keys(identity),
          connId,
          limits.connections,
          limits.addresses,
          request.addresses,
          request.replaceOldest ? 1 : 0,
          EXPIRY_MS,
          this.channel,
        ),
      );
    } catch (error: unknown) {
      this.warn(error, 'stream connection limiter unavailable: connection admitted');
      answer = ['ok', 0];
    }
    const [kind, value] = answer;
    if (kind === 'connections') {
      return { kind: 'connection-limit', max: value };
    }
    if (kind === 'addresses') {
      return {
        kind: 'address-limit',
        current: value,
        requested: request.addresses,
        max: limits.addresses,
      };
    }
    let held = this.local.get(identity);
    if (held === undefined) {
      held = new Set();
      this.local.set(identity, held);
    }
    held.add(connId);
    return { kind: 'admitted' };
  }

  async updateAddresses(
    identity: string,
    connId: string,
    addresses: number,
    limits: StreamLimits,
  ): Promise<{ readonly kind: 'ok' } | AddressRefusal> {
    try {
      const [kind, current] = Answer.parse(
        await this.redis.eval(
          UPDATE_ADDRESSES,
          2,
          ...this.keys(identity),
          connId,
          limits.addresses,
          addresses,
        ),
      );
      if (kind === 'addresses') {
        return { kind: 'address-limit', current, requested: addresses, max: limits.addresses };
      }
    } catch (error: unknown) {
      this.warn(error, 'stream connection limiter unavailable: subscription admitted');
    }
    return { kind: 'ok' };
  }

  async release(identity: string, connId: string): Promise<void> {
    const held = this.local.get(identity);
    held?.delete(connId);
    if (held?.size === 0) {
      this.local.delete(identity);
    }
    const [connections, addresses] = this.keys(identity);
    try {
      await this.redis.multi().zrem(connections, connId).hdel(addresses, connId).exec();
    } catch (error: unknown) {
      // It expires by itself once no replica renews it.
      this.warn(error, 'stream connection not released in the limiter');
    }
  }

  onEvicted(listener: (connId: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.subscriber.disconnect();
    await Promise.resolve();
  }

  /** Renews this replica's connections (an evicted one is not in the set any more: `XX`). */
  private async heartbeat(): Promise<void> {
    if (this.local.size === 0) {
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const [identity, connIds] of this.local) {
      pipeline.eval(HEARTBEAT, 2, ...this.keys(identity), EXPIRY_MS, ...connIds);
    }
    try {
      await pipeline.exec();
    } catch (error: unknown) {
      this.warn(error, 'stream connections not renewed in the limiter');
    }
  }

  private keys(identity: string): [string, string] {
    // One hash slot per caller ({…}), so the script's keys stay together on a Redis cluster.
    const base = `${this.options.keyPrefix}:{${identity}}`;
    return [`${base}:conns`, `${base}:addrs`];
  }

  private warn(error: unknown, message: string): void {
    if (Date.now() - this.warnedAt >= 1000) {
      this.warnedAt = Date.now();
      this.logger.warn({ err: error }, message);
    }
  }
}
