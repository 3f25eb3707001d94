import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { edgeEnv } from './fragments';
import { ConfigError, loadConfig } from './load-config';

const Edge = z.object(edgeEnv);

void describe('edgeEnv', () => {
  void it('defaults: no Redis, 1 rps per IP, fail open, no trusted proxy, 10 s key cache', () => {
    assert.deepEqual(loadConfig(Edge, {}), {
      RATE_LIMIT_ANONYMOUS_RPS: 1,
      RATE_LIMIT_STORE_FAILURE: 'open',
      TRUSTED_PROXIES: [],
      API_KEY_CACHE_TTL_MS: 10_000,
    });
  });

  void it('parses Redis URLs and proxy lists of addresses and CIDR blocks', () => {
    const sut = loadConfig(Edge, {
      REDIS_URL: 'redis://:secret@redis:6379/2',
      RATE_LIMIT_STORE_FAILURE: 'closed',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.7,fd00::/8,::1',
    });
    assert.equal(sut.REDIS_URL, 'redis://:secret@redis:6379/2');
    assert.equal(sut.RATE_LIMIT_STORE_FAILURE, 'closed');
    assert.deepEqual(sut.TRUSTED_PROXIES, ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);
  });

  void it('names bad values', () => {
    try {
      loadConfig(Edge, {
        REDIS_URL: 'http://redis',
        TRUSTED_PROXIES: '10.0.0.0/33,proxy.local',
        RATE_LIMIT_ANONYMOUS_RPS: '0',
      });
      assert.fail('expected a ConfigError');
    } catch (error: unknown) {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(
        error.issues.map((i) => [i.variable, i.message]),
        [
          ['REDIS_URL', 'expected redis://[user:password@]host:port[/db]'],
          ['RATE_LIMIT_ANONYMOUS_RPS', 'expected a number between 1 and 1000000'],
          ['TRUSTED_PROXIES', 'expected comma-separated IP addresses or CIDR blocks'],
        ],
      );
    }
  });
});
