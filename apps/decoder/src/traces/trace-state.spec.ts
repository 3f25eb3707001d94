import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TraceRecord } from '@app/classify';
import { type TraceDelta } from './trace-edges';
import { applyTraceDelta, withClassification } from './trace-state';

const delta = (over: Partial<TraceDelta>): TraceDelta => ({
  traceId: 'T',
  isNew: false,
  externalHash: null,
  broken: false,
  startLt: 0n,
  startUtime: 0,
  endLt: 0n,
  endUtime: 0,
  nodes: 0,
  edges: 0,
  pendingEdges: 0,
  ...over,
});

const stored: TraceRecord = {
  trace_id: 'T',
  external_hash: 'EXT',
  external_hash_norm: null,
  mc_seqno_start: 7,
  mc_seqno_end: 7,
  start_lt: 100n,
  start_utime: 1000,
  end_lt: 120n,
  end_utime: 1002,
  state: 'pending',
  pending_edges_: 2,
  edges_: 3,
  nodes_: 2,
  classification_state: 'unclassified',
};

void describe('applyTraceDelta (toncenter trace counters)', () => {
  void it('starts a new trace at the block with the delta values, complete when nothing is pending', () => {
    const started = applyTraceDelta(
      undefined,
      delta({
        isNew: true,
        externalHash: 'EXT',
        startLt: 100n,
        startUtime: 1000,
        endLt: 101n,
        endUtime: 1000,
        nodes: 2,
        edges: 2,
        pendingEdges: 0,
      }),
      9,
    );
    assert.deepEqual(started, {
      trace_id: 'T',
      external_hash: 'EXT',
      external_hash_norm: null,
      mc_seqno_start: 9,
      mc_seqno_end: 9,
      start_lt: 100n,
      start_utime: 1000,
      end_lt: 101n,
      end_utime: 1000,
      state: 'complete',
      pending_edges_: 0,
      edges_: 2,
      nodes_: 2,
      classification_state: 'unclassified',
    });
    assert.equal(
      applyTraceDelta(undefined, delta({ isNew: true, pendingEdges: 1 }), 9).state,
      'pending',
    );
    assert.equal(
      applyTraceDelta(undefined, delta({ isNew: true, broken: true, pendingEdges: 0 }), 9).state,
      'broken',
    );
  });

  void it('adds a later block to a stored trace: counters add up, the end moves forward, the start stays', () => {
    const moved = applyTraceDelta(
      stored,
      delta({
        startLt: 130n,
        startUtime: 1003,
        endLt: 140n,
        endUtime: 1004,
        nodes: 2,
        edges: 2,
        pendingEdges: -2,
      }),
      8,
    );
    assert.deepEqual(moved, {
      ...stored,
      mc_seqno_end: 8,
      end_lt: 140n,
      end_utime: 1004,
      state: 'complete',
      pending_edges_: 0,
      edges_: 5,
      nodes_: 4,
    });
  });

  void it('keeps the later end and a broken trace broken, and never moves mc_seqno_end back', () => {
    const broken: TraceRecord = {
      ...stored,
      state: 'broken',
      mc_seqno_end: 12,
      end_lt: 500n,
      end_utime: 2000,
    };
    const after = applyTraceDelta(
      broken,
      delta({ endLt: 140n, endUtime: 1004, nodes: 1, edges: 1, pendingEdges: -2 }),
      8,
    );
    assert.deepEqual(
      [after.state, after.mc_seqno_end, after.end_lt, after.end_utime, after.pending_edges_],
      ['broken', 12, 500n, 2000, 0],
    );
  });

  void it('records the classification state and nothing else', () => {
    assert.deepEqual(withClassification(stored, 'ok'), { ...stored, classification_state: 'ok' });
  });
});
