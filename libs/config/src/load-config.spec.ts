import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { z } from 'zod';

import {
  databaseEnv,
  httpEnv,
  localnetEnv,
  loggingEnv,
  metricsEnv,
  natsEnv,
  tonNetworkEnv,
} from './fragments';
import { ConfigError, loadConfig } from './load-config';

const Everything = z.object({
  ...httpEnv,
  ...natsEnv,
  ...databaseEnv,
  ...tonNetworkEnv,
  ...localnetEnv,
  ...loggingEnv,
  ...metricsEnv,
});

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err;
  }
  assert.fail('expected a ConfigError');
}

void describe(loadConfig.name, () => {
  void it('applies every documented default to an empty environment (optional ones stay absent)', () => {
    assert.deepEqual(loadConfig(Everything, {}), {
      PORT: 8080,
      HOST: '0.0.0.0',
      NATS_REQUEST_TIMEOUT_MS: 10000,
      NATS_STREAM_REPLICAS: 1,
      REPLY_CHECK_CPU_PERCENT: 25,
      TON_NETWORK: 'local',
      LITESERVER_TIMEOUT_MS: 5000,
      LITESERVER_VERIFY: 'true',
      LOCALNET_SEED: 'genesis',
      LOCALNET_SHARDS: 1,
      LOCALNET_BLOCK_INTERVAL: 400,
      LOCALNET_STATE_HISTORY: 20000,
      LOCALNET_CONFIG_OUT: 'localnet.config.json',
      LOCALNET_ACCOUNTS_OUT: 'localnet.accounts.json',
      LOCALNET_LITESERVERS: 1,
      LOCALNET_SIGNATURES: 'ordinary',
      LOCALNET_FRESH: '0',
      LOG_LEVEL: 'info',
    });
  });

  void it('parses given values into typed ones and ignores unrelated variables', () => {
    const sut = loadConfig(Everything, {
      PORT: '3000',
      HOST: '127.0.0.1',
      NATS_URL: 'nats://nats-0:4222,nats://nats-1:4222',
      NATS_REQUEST_TIMEOUT_MS: '2500',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      TON_NETWORK: 'testnet',
      LITESERVERS_CONFIG: 'https://ton.org/testnet-global.config.json',
      LITESERVER_TIMEOUT_MS: '3000',
      LOCALNET_SEED: 'mainnet-replay',
      LOCALNET_SHARDS: '2',
      LOCALNET_BLOCK_INTERVAL: '1000',
      LOCALNET_STATE_HISTORY: '500',
      LOCALNET_BLOCK_HISTORY: '90000',
      LOG_LEVEL: 'debug',
      METRICS_PORT: '9464',
      HOME: '/root',
    });
    assert.equal(sut.PORT, 3000);
    assert.equal(sut.NATS_URL, 'nats://nats-0:4222,nats://nats-1:4222');
    assert.equal(sut.NATS_REQUEST_TIMEOUT_MS, 2500);
    assert.equal(sut.TON_NETWORK, 'testnet');
    assert.equal(sut.LOCALNET_SHARDS, 2);
    assert.equal(sut.LOCALNET_STATE_HISTORY, 500);
    assert.equal(sut.LOCALNET_BLOCK_HISTORY, 90000);
    assert.equal(sut.METRICS_PORT, 9464);
    assert.equal(sut.LITESERVERS_CONFIG, 'https://ton.org/testnet-global.config.json');
    assert.equal('HOME' in sut, false);
  });

  void it('treats empty values as absent (compose files write NATS_URL=)', () => {
    const sut = loadConfig(Everything, { NATS_URL: '', PORT: '', DATABASE_URL: '' });
    assert.equal(sut.NATS_URL, undefined);
    assert.equal(sut.PORT, 8080);
    assert.equal(sut.DATABASE_URL, undefined);
  });

  void it('names the bad variable, the expectation and the given value', () => {
    const err = errorOf(() => loadConfig(Everything, { PORT: 'abc' }));
    assert.equal(
      err.message,
      'Invalid environment: PORT: expected a number between 1 and 65535 (got "abc")',
    );
  });

  void it('lists every bad variable at once', () => {
    const err = errorOf(() =>
      loadConfig(Everything, {
        PORT: '70000',
        TON_NETWORK: 'devnet',
        LOCALNET_SHARDS: '4',
        NATS_URL: 'http://nats:4222',
        DATABASE_URL: 'mysql://db',
        LITESERVERS_CONFIG: 'ftp://example.com/config.json',
        LOG_LEVEL: 'loud',
        METRICS_PORT: '0',
      }),
    );
    assert.deepEqual(err.issues, [
      { variable: 'PORT', message: 'expected a number between 1 and 65535', got: '70000' },
      {
        variable: 'NATS_URL',
        message: 'expected nats://host:port (comma-separated for several servers)',
        got: 'http://nats:4222',
      },
      {
        variable: 'DATABASE_URL',
        message: 'expected postgres://user:password@host:port/db',
        got: 'mysql://db',
      },
      {
        variable: 'TON_NETWORK',
        message: 'expected one of local, mainnet, testnet',
        got: 'devnet',
      },
      {
        variable: 'LITESERVERS_CONFIG',
        message: 'expected a file path or an http(s) URL',
        got: 'ftp://example.com/config.json',
      },
      { variable: 'LOCALNET_SHARDS', message: 'expected a number between 1 and 2', got: '4' },
      {
        variable: 'LOG_LEVEL',
        message: 'expected one of fatal, error, warn, info, debug, trace, silent',
        got: 'loud',
      },
      { variable: 'METRICS_PORT', message: 'expected a number between 1 and 65535', got: '0' },
    ]);
    assert.match(
      err.message,
      /^Invalid environment: PORT: .*; METRICS_PORT: expected a number between 1 and 65535 \(got "0"\)$/,
    );
  });

  void it('rejects non-integers and reports a missing required variable as not set', () => {
    assert.equal(
      errorOf(() => loadConfig(Everything, { LITESERVER_TIMEOUT_MS: '1.5' })).message,
      'Invalid environment: LITESERVER_TIMEOUT_MS: expected a number between 1 and 600000 (got "1.5")',
    );
    const Required = z.object({ DATABASE_URL: databaseEnv.DATABASE_URL.unwrap() });
    assert.equal(
      errorOf(() => loadConfig(Required, {})).message,
      'Invalid environment: DATABASE_URL: expected postgres://user:password@host:port/db (not set)',
    );
  });
});
