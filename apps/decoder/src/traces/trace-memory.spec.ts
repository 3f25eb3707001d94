import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TraceRecord } from '@app/classify';
import { type HeldTrace, TraceMemory } from './trace-memory';

const record = (id: string, state: TraceRecord['state']): TraceRecord => ({
  trace_id: id,
  external_hash: null,
  external_hash_norm: null,
  mc_seqno_start: 1,
  mc_seqno_end: 1,
  start_lt: 1n,
  start_utime: 1,
  end_lt: 1n,
  end_utime: 1,
  state,
  pending_edges_: state === 'pending' ? 1 : 0,
  edges_: 1,
  nodes_: 1,
  classification_state: 'unclassified',
});

const held = (id: string, state: TraceRecord['state'], block = 1): HeldTrace => ({
  record: record(id, state),
  whole: true,
  transactions: [],
  lastBlock: block,
});

void describe('TraceMemory', () => {
  void it('remembers the sender trace of a message until it is delivered, not one delivered at once', () => {
    const sut = new TraceMemory();
    sut.record(
      1,
      new Map([
        ['m1', 'T'],
        ['m2', 'T'],
      ]),
      ['m2'],
      [held('T', 'pending')],
    );
    assert.equal(sut.senderTrace('m1'), 'T');
    assert.equal(sut.senderTrace('m2'), undefined);
    sut.record(2, new Map(), ['m1'], []);
    assert.equal(sut.senderTrace('m1'), undefined);
  });

  void it('holds pending and broken traces, drops complete ones and the transactions of broken ones', () => {
    const sut = new TraceMemory();
    const broken = held('B', 'broken');
    broken.transactions.push({ hash: 'x' } as never);
    sut.record(1, new Map(), [], [held('P', 'pending'), held('C', 'complete'), broken]);
    assert.equal(sut.trace('P')?.record.state, 'pending');
    assert.equal(sut.trace('C'), undefined);
    assert.deepEqual(sut.trace('B')?.transactions, []);
  });

  void it('trims only what committed blocks touched last, and only past its bounds', () => {
    const sut = new TraceMemory();
    sut.record(3, new Map(), [], [held('old', 'pending', 3), held('inflight', 'pending', 9)]);
    sut.trim(5);
    assert.notEqual(sut.trace('old'), undefined, 'within bounds nothing is dropped');
    const many = Array.from({ length: 100_001 }, (_, i) => held(`t${String(i)}`, 'pending', 2));
    sut.record(2, new Map(), [], many);
    sut.trim(5);
    assert.equal(sut.trace('old'), undefined);
    assert.equal(sut.trace('t0'), undefined);
    assert.equal(sut.trace('inflight')?.lastBlock, 9);
  });
});
