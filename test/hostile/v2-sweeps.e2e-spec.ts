import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from './support/hostile-client';
import { type HostileHarness, startHostileHarness } from './support/hostile-harness';
import { MAX_REQUEST_MS } from './support/hostile-verdict';
import {
  EDGE_VALUES,
  integerParams,
  integerSweep,
  PROTOTYPE_KEYS,
  prototypeMethodSweep,
  prototypeSweep,
  SWEEP_ADDRESS,
  type SweepRequest,
} from './support/v2-sweeps';

// The v2 sweeps generated from the method registry (support/v2-sweeps.ts, test/hostile/README.md):
// integer parameters at the edges of the integer types, Object.prototype names as parameters and
// methods. Every answer is checked; the service answers the same afterwards.
describe('hostile v2 sweeps generated from the registry', () => {
  let harness: HostileHarness;
  let before200: unknown;

  async function run(requests: readonly SweepRequest[]): Promise<string[]> {
    const problems: string[] = [];
    for (const request of requests) {
      const answer = await send(harness.baseUrl, {
        name: request.name,
        method: request.method,
        target: request.target,
        headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
        ...(request.body === undefined ? {} : { body: Buffer.from(request.body, 'utf8') }),
        transport: 'fetch',
        expect: { status: 200, param: '' },
      });
      const problem =
        answer.ms > MAX_REQUEST_MS ? `took ${answer.ms.toFixed(0)} ms` : request.check(answer);
      if (problem !== undefined) {
        problems.push(`${request.name}: ${problem}`);
      }
    }
    return problems;
  }

  async function addressInformation(): Promise<unknown> {
    const response = await fetch(
      `${harness.baseUrl}/api/v2/getAddressInformation?address=${SWEEP_ADDRESS}`,
    );
    const { '@extra': _extra, ...body } = (await response.json()) as Record<string, unknown>;
    return [response.status, body];
  }

  before(async () => {
    harness = await startHostileHarness();
    before200 = await addressInformation();
  });

  after(async () => {
    await harness.close();
  });

  it('finds the integer parameters in the registry, seqno, lt, shard and count among them', () => {
    const names = new Set(integerParams().map((p) => `${p.method.name} ${p.param}`));
    for (const expected of [
      'lookupBlock seqno',
      'lookupBlock unixtime',
      'lookupBlock lt',
      'getBlockHeader shard',
      'getBlockTransactions count',
      'getShards seqno',
      'getMasterchainBlockSignatures seqno',
      'runGetMethod seqno',
      'getTransactions limit',
      'dnsResolve ttl',
    ]) {
      assert.ok(names.has(expected), expected);
    }
    assert.equal(EDGE_VALUES.length, 9);
  });

  it('refuses every integer parameter out of its range with 422 naming it, GET, POST and JSON-RPC', async () => {
    assert.deepEqual(await run(integerSweep()), []);
  });

  it('answers every Object.prototype name as a parameter without a server error', async () => {
    assert.ok(PROTOTYPE_KEYS.includes('__proto__') && PROTOTYPE_KEYS.includes('toString'));
    assert.deepEqual(await run(prototypeSweep()), []);
  });

  it('answers every Object.prototype name as a method with 404', async () => {
    assert.deepEqual(await run(prototypeMethodSweep()), []);
  });

  it('still answers as before the sweeps', async () => {
    assert.deepEqual(await addressInformation(), before200);
  });
});
