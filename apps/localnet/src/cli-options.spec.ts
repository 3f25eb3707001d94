import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { CliUsageError } from '@app/config';
import { parseCliOptions } from './cli-options';

void describe('parseCliOptions', () => {
  void it('defaults to a genesis network, one liteserver, 400 ms, one shard', () => {
    assert.deepEqual(parseCliOptions([]), {
      seed: 'genesis',
      liteservers: 1,
      signatures: 'ordinary',
      blockIntervalMs: 400,
      shards: 1,
      stateHistory: 20_000,
      blockHistory: undefined,
      host: '127.0.0.1',
      port: 0,
      adminPort: undefined,
      configOut: 'localnet.config.json',
      accountsOut: undefined,
      dataDir: undefined,
      fresh: false,
    });
  });

  void it('reads every flag', () => {
    const sut = parseCliOptions([
      '--seed=mainnet-replay',
      '--liteservers=3',
      '--signatures=simplex',
      '--block-interval=1000',
      '--shards=2',
      '--state-history=500000',
      '--block-history=900000',
      '--host=0.0.0.0',
      '--port=30000',
      '--admin-port=30100',
      '--config-out=/tmp/c.json',
      '--accounts-out=/tmp/a.json',
      '--data-dir=/tmp/chain',
      '--fresh',
    ]);
    assert.deepEqual(sut, {
      seed: 'mainnet-replay',
      liteservers: 3,
      signatures: 'simplex',
      blockIntervalMs: 1000,
      shards: 2,
      stateHistory: 500_000,
      blockHistory: 900_000,
      host: '0.0.0.0',
      port: 30000,
      adminPort: 30100,
      configOut: '/tmp/c.json',
      accountsOut: '/tmp/a.json',
      dataDir: '/tmp/chain',
      fresh: true,
    });
  });

  void it('names the flag, the expectation and the value it refuses', () => {
    assert.throws(
      () => parseCliOptions(['--state-history=0']),
      new CliUsageError('--state-history: expected an integer between 1 and 1000000000 (got "0")'),
    );
    assert.throws(
      () => parseCliOptions(['--block-history=-5']),
      new CliUsageError('--block-history: expected an integer between 1 and 1000000000 (got "-5")'),
    );
    assert.throws(
      () => parseCliOptions(['--block-interval=fast']),
      new CliUsageError('--block-interval: expected an integer between 50 and 60000 (got "fast")'),
    );
    assert.throws(
      () => parseCliOptions(['--seed=testnet']),
      new CliUsageError('--seed: expected genesis, mainnet-replay or none (got "testnet")'),
    );
    assert.throws(
      () => parseCliOptions(['--signatures=bls']),
      new CliUsageError('--signatures: expected ordinary or simplex (got "bls")'),
    );
    assert.throws(
      () => parseCliOptions(['--fresh']),
      new CliUsageError('--fresh: only with --data-dir (without it every start is a new chain)'),
    );
  });
});
