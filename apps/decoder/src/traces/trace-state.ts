import { type TraceRecord } from '@app/classify';
import { type TraceDelta } from './trace-edges';

/**
 * A trace after one masterchain block (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/TraceAssembler.cpp):
 * a new trace takes the delta's values; an existing one adds the block's nodes and edges, moves its
 * pending count and its end forward, and is `complete` once nothing is pending (a broken trace stays broken).
 *
 * `before` is the trace as stored (or as the previous block left it); undefined for a new trace, or
 * for a parent trace that has no row (then it starts here, as an insert would).
 */
export function applyTraceDelta(
  before: TraceRecord | undefined,
  delta: TraceDelta,
  mcSeqno: number,
): TraceRecord {
  if (before === undefined || delta.isNew) {
    return {
      trace_id: delta.traceId,
      external_hash: delta.externalHash,
      external_hash_norm: null,
      mc_seqno_start: mcSeqno,
      mc_seqno_end: mcSeqno,
      start_lt: delta.startLt,
      start_utime: delta.startUtime,
      end_lt: delta.endLt,
      end_utime: delta.endUtime,
      state: stateOf(delta.broken, delta.pendingEdges),
      pending_edges_: delta.pendingEdges,
      edges_: delta.edges,
      nodes_: delta.nodes,
      classification_state: 'unclassified',
    };
  }
  const pending = before.pending_edges_ + delta.pendingEdges;
  // Every field spelled out: a literal that starts with a spread is slow in Node 20 (see emptyAction).
  return {
    trace_id: before.trace_id,
    external_hash: before.external_hash,
    external_hash_norm: before.external_hash_norm,
    mc_seqno_start: before.mc_seqno_start,
    start_lt: before.start_lt,
    start_utime: before.start_utime,
    classification_state: before.classification_state,
    mc_seqno_end: Math.max(before.mc_seqno_end, mcSeqno),
    end_lt: before.end_lt > delta.endLt ? before.end_lt : delta.endLt,
    end_utime: Math.max(before.end_utime, delta.endUtime),
    state: stateOf(before.state === 'broken', pending),
    pending_edges_: pending,
    edges_: before.edges_ + delta.edges,
    nodes_: before.nodes_ + delta.nodes,
  };
}

function stateOf(broken: boolean, pending: number): TraceRecord['state'] {
  return broken ? 'broken' : pending > 0 ? 'pending' : 'complete';
}

/** The trace with its classification state (toncenter's `classification_state`). */
export function withClassification(trace: TraceRecord, state: string): TraceRecord {
  return {
    trace_id: trace.trace_id,
    external_hash: trace.external_hash,
    external_hash_norm: trace.external_hash_norm,
    mc_seqno_start: trace.mc_seqno_start,
    mc_seqno_end: trace.mc_seqno_end,
    start_lt: trace.start_lt,
    start_utime: trace.start_utime,
    end_lt: trace.end_lt,
    end_utime: trace.end_utime,
    state: trace.state,
    pending_edges_: trace.pending_edges_,
    edges_: trace.edges_,
    nodes_: trace.nodes_,
    classification_state: state,
  };
}
