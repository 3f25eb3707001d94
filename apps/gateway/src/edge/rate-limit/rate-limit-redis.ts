import { Redis } from 'ioredis';
import { type Logger } from 'pino';

/**
 * A Redis client that never makes a request wait for Redis: no offline queue (commands fail at once
 * while disconnected), one short timeout per command, background reconnects. Connection trouble is
 * logged once per outage, not once per request.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let healthy = true;
  redis.on('ready', () => {
    if (!healthy) {
      logger.info('rate-limit store reconnected');
    }
    healthy = true;
  });
  redis.on('error', (error: unknown) => {
    if (healthy) {
      logger.warn({ err: error }, 'rate-limit store connection failed');
    }
    healthy = false;
  });
  return redis;
}
