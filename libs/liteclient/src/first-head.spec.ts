import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstHead } from './first-head';
import { type PooledResult } from './liteserver-pool';

type Head = Awaited<ReturnType<Parameters<typeof firstHead>[0]['masterchainInfo']>>;

/** A pool whose first `failures` head reads are refused, as while the anchor's chain is followed. */
function poolRefusing(failures: number, head: Head) {
  let calls = 0;
  return {
    calls: () => calls,
    masterchainInfo: (): Promise<Head> => {
      calls++;
      return calls <= failures
        ? Promise.reject(new Error(`no liteserver proved its answer (${String(calls)})`))
        : Promise.resolve(head);
    },
  };
}

const HEAD = {
  value: { last: { seqno: 42 } },
  server: 1,
} as unknown as PooledResult<never> as Head;

describe('firstHead', () => {
  it('answers the first head at once when the pool has one, without a wait', async () => {
    const pool = poolRefusing(0, HEAD);
    const waits: unknown[] = [];
    assert.equal(await firstHead(pool, (r) => waits.push(r), 0), HEAD);
    assert.equal(pool.calls(), 1);
    assert.deepEqual(waits, []);
  });

  it('asks again until a head is answered, and reports the first refusal only', async () => {
    const pool = poolRefusing(3, HEAD);
    const waits: unknown[] = [];
    assert.equal(await firstHead(pool, (r) => waits.push(r), 0), HEAD);
    assert.equal(pool.calls(), 4);
    assert.equal(waits.length, 1);
    assert.equal((waits[0] as Error).message, 'no liteserver proved its answer (1)');
  });
});
