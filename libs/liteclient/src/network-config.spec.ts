import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFixture } from '@app/testing';
import { configFromProof } from './network-config';

describe('configFromProof', () => {
  it('reads the config dictionary of a mainnet liteServer.configInfo config_proof', () => {
    // Mainnet masterchain state 65466080 (fixtures README): 39 params.
    const config = configFromProof(readFixture('mainnet', 'config', 'config_proof_65466080.boc'));
    const keys = config.keys().sort((a, b) => a - b);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);
    assert.deepEqual(keys, [
      -1000,
      -999,
      -90,
      -71,
      0,
      1,
      2,
      4,
      5,
      ...range(7, 25),
      ...range(28, 32),
      34,
      44,
      45,
      71,
      72,
      79,
    ]);
    // ConfigParam0/1 of the decoded view: the config and elector contract addresses.
    assert.equal(config.get(0)?.beginParse().loadBuffer(32).toString('hex'), '55'.repeat(32));
    assert.equal(config.get(1)?.beginParse().loadBuffer(32).toString('hex'), '33'.repeat(32));
  });

  it('refuses a proof without a masterchain state extra', () => {
    assert.throws(() => configFromProof(readFixture('mainnet', 'accounts', 'veryLarge.boc')));
  });
});
