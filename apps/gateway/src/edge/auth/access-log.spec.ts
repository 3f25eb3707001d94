import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { ConfigError, type LogLevelName } from '@app/config';
import { createLogger } from '@app/observability';
import { type AccessLogLine, accessLogger } from './access-log';

const LINE: AccessLogLine = {
  requestId: 'r1',
  method: 'GET',
  route: '/api/v2/getMasterchainInfo',
  status: 200,
  latencyMs: 1.5,
  plan: 'anonymous',
};

/** The lines written by the access logger of a `loggerLevel` logger under `env`. */
function written(loggerLevel: LogLevelName, env: Record<string, string>): unknown[] {
  const lines: unknown[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown),
      );
      callback();
    },
  });
  const logger = createLogger({
    app: 'gw',
    level: loggerLevel,
    destination: sink,
    timestamp: false,
  });
  accessLogger(logger, env)(LINE);
  return lines;
}

void describe('the gateway access log', () => {
  void it('is a debug line by default: absent at LOG_LEVEL=info, present at debug', () => {
    assert.deepEqual(written('info', {}), []);
    assert.deepEqual(written('debug', {}), [
      { level: 'debug', app: 'gw', ...LINE, msg: 'request' },
    ]);
  });

  void it('goes at the level ACCESS_LOG_LEVEL names', () => {
    assert.deepEqual(written('info', { ACCESS_LOG_LEVEL: 'info' }), [
      { level: 'info', app: 'gw', ...LINE, msg: 'request' },
    ]);
    assert.deepEqual(written('info', { ACCESS_LOG_LEVEL: 'trace' }), []);
    assert.deepEqual(written('trace', { ACCESS_LOG_LEVEL: 'silent' }), []);
  });

  void it('refuses an unknown level, naming the variable', () => {
    assert.throws(
      () => written('info', { ACCESS_LOG_LEVEL: 'loud' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message ===
          'Invalid environment: ACCESS_LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });
});
