import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PipelineSignals } from './pipeline-signals';

describe(PipelineSignals.name, () => {
  it('calls the listeners of a stage with the seqno, not those of the other stage', () => {
    const sut = new PipelineSignals();
    const indexed: number[] = [];
    const decoded: number[] = [];
    sut.on('blockIndexed', (s) => indexed.push(s));
    sut.on('txsDecoded', (s) => decoded.push(s));
    sut.emit('blockIndexed', 7);
    sut.emit('txsDecoded', 6);
    sut.emit('blockIndexed', 8);
    assert.deepEqual(indexed, [7, 8]);
    assert.deepEqual(decoded, [6]);
  });

  it('reports a listener that throws and still calls the others', () => {
    const errors: string[] = [];
    const sut = new PipelineSignals((error) => errors.push(String(error)));
    const seen: number[] = [];
    sut.on('txsDecoded', () => {
      throw new Error('broken listener');
    });
    sut.on('txsDecoded', (s) => seen.push(s));
    sut.emit('txsDecoded', 3);
    assert.deepEqual(seen, [3]);
    assert.deepEqual(errors, ['Error: broken listener']);
  });

  it('stops calling a listener once it unsubscribed', () => {
    const sut = new PipelineSignals();
    const seen: number[] = [];
    const off = sut.on('blockIndexed', (s) => seen.push(s));
    assert.equal(sut.listenerCount('blockIndexed'), 1);
    sut.emit('blockIndexed', 1);
    off();
    sut.emit('blockIndexed', 2);
    assert.deepEqual(seen, [1]);
    assert.equal(sut.listenerCount('blockIndexed'), 0);
  });
});
