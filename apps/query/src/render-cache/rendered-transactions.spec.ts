import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type V3Transaction } from '@app/contracts';
import { knownJson } from '@app/nats';
import { RenderedTransactions } from './rendered-transactions';

/** Only what the cache reads: hash, trace_id and the messages (none). */
function tx(hash: string, traceId: string | undefined): V3Transaction {
  return {
    hash,
    ...(traceId === undefined ? {} : { trace_id: traceId }),
    in_msg: null,
    out_msgs: [],
  } as unknown as V3Transaction;
}

/** What one of them counts: 2048 bytes and its JSON text (one-letter hash and trace id). */
const ONE = 2048 + JSON.stringify(tx('a', 'T')).length;

void describe(RenderedTransactions.name, () => {
  void it('keeps stamped transactions, the least recently used leaving first', () => {
    const cache = new RenderedTransactions(3 * ONE);
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
    assert.equal(cache.bytes, 3 * ONE);
    // Its text is spliced into replies.
    assert.equal(knownJson(cache.transaction('a') ?? {}), JSON.stringify(tx('a', 'T')));
  });

  void it('does not keep a transaction whose trace is not stamped yet', () => {
    const cache = new RenderedTransactions(1 << 20);
    cache.keep(tx('a', undefined));
    assert.equal(cache.size, 0);
  });

  void it('answers a kept trace whole and in order, or not at all once one of it left', () => {
    const cache = new RenderedTransactions(3 * ONE);
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
