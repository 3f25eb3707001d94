import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BlockIndexedResumePoint } from './block-indexed.resume-point';

const CREATED = '2026-01-01T00:00:00.000Z';

void describe('BlockIndexedResumePoint', () => {
  void it('knows nothing at first: a new durable starts at the stream’s first event', () => {
    const sut = new BlockIndexedResumePoint();
    sut.stream(CREATED);
    assert.equal(sut.startSeq(), undefined);
  });

  void it('resumes after the last acknowledged event', () => {
    const sut = new BlockIndexedResumePoint();
    sut.stream(CREATED);
    for (const seq of [1, 3, 4]) {
      sut.delivered(seq);
      sut.acked(seq);
    }
    assert.equal(sut.startSeq(), 5);
  });

  void it('resumes at an event delivered and not acknowledged (naked, or cut off by the loss)', () => {
    const sut = new BlockIndexedResumePoint();
    sut.stream(CREATED);
    sut.delivered(2);
    sut.delivered(5);
    sut.acked(5);
    assert.equal(sut.startSeq(), 2);
    // Redelivered and acknowledged at last: back to after the last acknowledged.
    sut.delivered(2);
    sut.acked(2);
    assert.equal(sut.startSeq(), 6);
    sut.delivered(6);
    assert.equal(sut.startSeq(), 6);
  });

  void it('forgets everything when the stream was created again (sequences restart at 1)', () => {
    const sut = new BlockIndexedResumePoint();
    sut.stream(CREATED);
    sut.delivered(7);
    sut.acked(7);
    sut.delivered(8);
    sut.stream(CREATED);
    assert.equal(sut.startSeq(), 8);
    sut.stream('2026-01-02T00:00:00.000Z');
    assert.equal(sut.startSeq(), undefined);
  });
});
