import { type EntityManager } from 'typeorm';
import { type EntityRow } from '../entities/query-row';
import { type TraceEntity } from '../entities/trace.entity';
import { messageTxLts } from '../query/lt-lookup';
import { TRACE_COLUMNS, type TraceInputRow } from './classify-input.rows';

/** The columns the decoder computes in its own types (below); the rest are the entity's. */
type Computed = 'start_lt' | 'end_lt' | TraceCounter | 'classification_state';
type TraceCounter = 'pending_edges_' | 'edges_' | 'nodes_';

/**
 * A `traces` row as the decoder computes it (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * the entity's row under its column names, its lts as bigint, its edge and node counters as the
 * numbers the decoder adds up, and its classification state as the classifier's trace record holds
 * it (text, cast to the enum by the insert).
 */
export type TraceWriteRow = Readonly<
  Omit<EntityRow<TraceEntity>, Computed> &
    Record<'start_lt' | 'end_lt', bigint> &
    Record<TraceCounter, number> & { classification_state: string }
>;

/** The trace a transaction belongs to, with the transaction's lt (the history's partition key). */
export interface TraceStamp {
  readonly trace_id: string;
  readonly lt: bigint;
}

/**
 * Reads and writes what trace assembly needs (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/TraceAssembler.cpp).
 * The hash columns are char(44): parameters travel as bpchar[], since a text[] one would cast the
 * column and miss its index.
 */
export class TraceRepository {
  /**
   * The traces of earlier transactions that sent these messages (message hash → trace_id). The
   * messages' lts come from the lookup table first (message_lts), so the read plans only their
   * partitions.
   */
  async parentTraces(
    m: EntityManager,
    messageHashes: readonly string[],
  ): Promise<Map<string, string>> {
    const lts = messageHashes.length === 0 ? [] : await messageTxLts(m, messageHashes);
    if (lts.length === 0) {
      return new Map();
    }
    const rows: { msg_hash: string; trace_id: string }[] = await m.query(
      `SELECT DISTINCT ON (msg_hash) msg_hash, trace_id FROM messages
       WHERE msg_hash = ANY($1::bpchar[]) AND tx_lt = ANY($2::bigint[])
         AND direction = 'out' AND trace_id IS NOT NULL`,
      [messageHashes, lts],
    );
    return new Map(rows.map((r) => [r.msg_hash, r.trace_id]));
  }

  /** Stored traces by id (the ones that exist). */
  traces(m: EntityManager, traceIds: readonly string[]): Promise<TraceInputRow[]> {
    if (traceIds.length === 0) {
      return Promise.resolve([]);
    }
    return m.query(`SELECT ${TRACE_COLUMNS} FROM traces WHERE trace_id = ANY($1::bpchar[])`, [
      traceIds,
    ]);
  }

  /**
   * Stamps trace_id on transactions and their messages, and stores the traces as they now are (new
   * ones inserted, existing ones replaced): one statement whatever the number of rows. The stamped
   * rows are named by hash and lt: the lt list lets PostgreSQL plan only the partitions the block's
   * transactions lie in, instead of probing every partition's hash index.
   */
  async write(
    m: EntityManager,
    traceOf: ReadonlyMap<string, TraceStamp>,
    traces: readonly TraceWriteRow[],
  ): Promise<void> {
    if (traceOf.size === 0 && traces.length === 0) {
      return;
    }
    const stamps = [...traceOf.values()];
    await m.query(
      `WITH stamped AS (
         SELECT * FROM unnest($1::bpchar[], $2::bpchar[], $17::bigint[]) AS u(tx_hash, trace_id, lt)
       ), txs AS (
         UPDATE transactions t SET trace_id = s.trace_id FROM stamped s
         WHERE t.hash = s.tx_hash AND t.lt = s.lt AND t.lt = ANY($17::bigint[])
       ), msgs AS (
         UPDATE messages mm SET trace_id = s.trace_id FROM stamped s
         WHERE mm.tx_hash = s.tx_hash AND mm.tx_lt = s.lt AND mm.tx_lt = ANY($17::bigint[])
       )
       INSERT INTO traces AS t (trace_id, external_hash, external_hash_norm, mc_seqno_start,
         mc_seqno_end, start_lt, start_utime, end_lt, end_utime, state, pending_edges_, edges_, nodes_,
         classification_state)
       SELECT u.trace_id, u.external_hash, u.external_hash_norm, u.mc_seqno_start, u.mc_seqno_end,
         u.start_lt, u.start_utime, u.end_lt, u.end_utime, u.state::trace_state, u.pending, u.edges,
         u.nodes, u.classification_state::trace_classification_state
       FROM unnest($3::bpchar[], $4::bpchar[], $5::bpchar[], $6::integer[], $7::integer[],
         $8::bigint[], $9::integer[], $10::bigint[], $11::integer[], $12::text[], $13::bigint[],
         $14::bigint[], $15::bigint[], $16::text[])
         AS u(trace_id, external_hash, external_hash_norm, mc_seqno_start, mc_seqno_end, start_lt,
           start_utime, end_lt, end_utime, state, pending, edges, nodes, classification_state)
       ON CONFLICT (trace_id) DO UPDATE SET
         external_hash = EXCLUDED.external_hash,
         external_hash_norm = EXCLUDED.external_hash_norm,
         mc_seqno_start = EXCLUDED.mc_seqno_start,
         mc_seqno_end = EXCLUDED.mc_seqno_end,
         start_lt = EXCLUDED.start_lt,
         start_utime = EXCLUDED.start_utime,
         end_lt = EXCLUDED.end_lt,
         end_utime = EXCLUDED.end_utime,
         state = EXCLUDED.state,
         pending_edges_ = EXCLUDED.pending_edges_,
         edges_ = EXCLUDED.edges_,
         nodes_ = EXCLUDED.nodes_,
         classification_state = EXCLUDED.classification_state`,
      [
        [...traceOf.keys()],
        stamps.map((t) => t.trace_id),
        traces.map((r) => r.trace_id),
        traces.map((r) => r.external_hash),
        traces.map((r) => r.external_hash_norm),
        traces.map((r) => r.mc_seqno_start),
        traces.map((r) => r.mc_seqno_end),
        traces.map((r) => r.start_lt.toString()),
        traces.map((r) => r.start_utime),
        traces.map((r) => r.end_lt.toString()),
        traces.map((r) => r.end_utime),
        traces.map((r) => r.state),
        traces.map((r) => r.pending_edges_),
        traces.map((r) => r.edges_),
        traces.map((r) => r.nodes_),
        traces.map((r) => r.classification_state),
        stamps.map((t) => t.lt.toString()),
      ],
    );
    // The accounts of every trace written, with its end_lt as it now is (a pending trace's grows):
    // /traces?account= reads these (migration TraceAccounts). Separate statements, so that they see
    // the transactions stamped above. trace_end_lt is the partition key and part of the primary key
    // (migration PartitionTraceHistory): a trace that grew loses its rows of the older end_lt, then
    // gets them at the new one. A trace's ends and its transactions all lie at or after its start_lt,
    // which bounds both statements to the partitions from the trace's start on (run-time pruning)
    // instead of a probe into every partition of the history.
    const written = [
      ...new Set([...traces.map((r) => r.trace_id), ...stamps.map((t) => t.trace_id)]),
    ];
    await m.query(
      `DELETE FROM trace_accounts A USING traces E
       WHERE E.trace_id = ANY($1::bpchar[]) AND A.trace_id = E.trace_id
         AND A.trace_end_lt >= E.start_lt AND A.trace_end_lt <> E.end_lt`,
      [written],
    );
    await m.query(
      `INSERT INTO trace_accounts (trace_id, account, trace_end_lt)
       SELECT DISTINCT T.trace_id, T.account, E.end_lt
       FROM traces E JOIN transactions T
         ON T.trace_id = E.trace_id AND T.lt >= E.start_lt AND T.lt <= E.end_lt
       WHERE E.trace_id = ANY($1::bpchar[])
       ON CONFLICT DO NOTHING`,
      [written],
    );
  }
}
