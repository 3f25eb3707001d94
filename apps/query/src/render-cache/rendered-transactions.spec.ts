import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type V3Transaction } from '@app/contracts';
import { RenderedTransactions } from './rendered-transactions';

/** Only what the cache reads: hash, trace_id and the messages (none: 2048 bytes each). */
function tx(hash: string, traceId: string | undefined): V3Transaction {
  return {
    hash,
    ...(traceId === undefined ? {} : { trace_id: traceId }),
    in_msg: null,
    out_msgs: [],
  } as unknown as V3Transaction;
}

void describe(RenderedTransactions.name, () => {
  void it('keeps stamped transactions, the least recently used leaving first', () => {
    const cache = new RenderedTransactions(3 * 2048);
    cache.keep(tx('a', 'T'));
    cache.keep(tx('b', 'T'));
    cache.keep(tx('c', 'T'));
    assert.ok(cache.transaction('a'));
    cache.keep(tx('d', 'T'));
    assert.equal(cache.transaction('b'), undefined);
    assert.deepEqual(
      ['a', 'c', 'd'].map((h) => cache.transaction(h)?.hash),
      ['a', 'c', 'd'],
    );
    assert.equal(cache.bytes, 3 * 2048);
  });

  void it('does not keep a transaction whose trace is not stamped yet', () => {
    const cache = new RenderedTransactions(1 << 20);
    cache.keep(tx('a', undefined));
    assert.equal(cache.size, 0);
  });

  void it('answers a kept trace whole and in order, or not at all once one of it left', () => {
    const cache = new RenderedTransactions(3 * 2048);
    cache.keepTrace('T', [tx('x', 'T'), tx('y', 'T')]);
    assert.deepEqual(
      cache.trace('T')?.map((t) => t.hash),
      ['x', 'y'],
    );
    // A transaction of another trace is refused as part of T.
    cache.keepTrace('U', [tx('u', 'T')]);
    assert.equal(cache.trace('U'), undefined);
    cache.keep(tx('p', 'P'));
    cache.keep(tx('q', 'Q'));
    assert.equal(cache.trace('T'), undefined);
  });
});
