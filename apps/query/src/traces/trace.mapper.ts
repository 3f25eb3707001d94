import { type V3Trace } from '@app/contracts';
import { type TraceRow } from '@app/database';

/** A `traces` row as the v3 Trace without its body (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export function toV3TraceHead(t: TraceRow): V3Trace {
  return {
    trace_id: t.trace_id,
    external_hash: t.external_hash,
    mc_seqno_start: String(t.mc_seqno_start),
    mc_seqno_end: String(t.mc_seqno_end),
    start_lt: t.start_lt,
    start_utime: t.start_utime,
    end_lt: t.end_lt,
    end_utime: t.end_utime,
    trace_info: {
      trace_state: t.state,
      messages: Number(t.edges_),
      transactions: Number(t.nodes_),
      pending_messages: Number(t.pending_edges_),
      classification_state: t.classification_state,
    },
    is_incomplete: false,
  };
}
