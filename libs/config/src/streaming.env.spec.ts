import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';
import { streamingEnv } from './streaming.env';

const Streaming = z.object(streamingEnv);

void describe('streamingEnv', () => {
  void it('defaults: 1,024 frames / 4 MiB per connection, 2 connections and 100 addresses per IP', () => {
    assert.deepEqual(loadConfig(Streaming, {}), {
      STREAMING_QUEUE_MESSAGES: 1024,
      STREAMING_QUEUE_BYTES: 4_194_304,
      STREAMING_ANON_CONNECTIONS: 2,
      STREAMING_ANON_ADDRESSES: 100,
      STREAMING_FOLLOW_AT_BOOT: 'off',
    });
  });

  void it('names bad values', () => {
    try {
      loadConfig(Streaming, {
        STREAMING_QUEUE_MESSAGES: '8',
        STREAMING_ANON_CONNECTIONS: '-1',
        STREAMING_FOLLOW_AT_BOOT: 'yes',
      });
      assert.fail('expected a ConfigError');
    } catch (error: unknown) {
      assert.ok(error instanceof ConfigError);
      assert.deepEqual(
        error.issues.map((i) => [i.variable, i.message]),
        [
          ['STREAMING_QUEUE_MESSAGES', 'expected a number between 16 and 1000000'],
          ['STREAMING_ANON_CONNECTIONS', 'expected a number between 0 and 1000000'],
          ['STREAMING_FOLLOW_AT_BOOT', 'expected one of on, off'],
        ],
      );
    }
  });
});
