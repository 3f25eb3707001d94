import { type EntityManager } from 'typeorm';
import { insertUnnest } from '../repositories/unnest-insert';

/** A transaction of a masterchain block with the message edges trace assembly needs. */
export interface TxEdgesRow {
  readonly hash: string;
  readonly lt: bigint;
  readonly now: number;
  readonly workchain: number;
  readonly account: string;
  readonly inMsg: { readonly hash: string; readonly source: string | null } | null;
  readonly outMsgs: { readonly hash: string; readonly external: boolean }[];
}

/** How one block changes one trace (deltas for an existing trace, full values for a new one). */
export interface TraceChange {
  readonly traceId: string;
  readonly externalHash: string | null;
  readonly broken: boolean;
  readonly startLt: bigint;
  readonly startUtime: number;
  readonly endLt: bigint;
  readonly endUtime: number;
  readonly nodes: number;
  readonly edges: number;
  readonly pendingEdges: number;
}

interface TxRow {
  hash: string;
  lt: string;
  now: number;
  workchain: number;
  account: string;
}

interface MsgRow {
  tx_hash: string;
  msg_hash: string;
  direction: 'in' | 'out';
  source: string | null;
  destination: string | null;
}

/** Reads and writes what trace assembly needs (toncenter v3 §14.1), inside the caller's transaction. */
export class TraceRepository {
  /** The transactions first committed by masterchain block `mcSeqno`, with their messages. */
  async blockEdges(m: EntityManager, mcSeqno: number): Promise<TxEdgesRow[]> {
    const txs: TxRow[] = await m.query(
      `SELECT hash, lt::text AS lt, now, block_workchain AS workchain, account
       FROM transactions WHERE mc_block_seqno = $1`,
      [mcSeqno],
    );
    const msgs: MsgRow[] = await m.query(
      `SELECT tx_hash, msg_hash, direction::text AS direction, source, destination
       FROM messages WHERE mc_seqno = $1 ORDER BY created_lt NULLS FIRST`,
      [mcSeqno],
    );
    const byTx = new Map<string, MsgRow[]>();
    for (const msg of msgs) {
      const list = byTx.get(msg.tx_hash) ?? [];
      list.push(msg);
      byTx.set(msg.tx_hash, list);
    }
    return txs.map((t) => {
      const own = byTx.get(t.hash) ?? [];
      const inRow = own.find((r) => r.direction === 'in');
      return {
        hash: t.hash,
        lt: BigInt(t.lt),
        now: t.now,
        workchain: t.workchain,
        account: t.account,
        inMsg: inRow === undefined ? null : { hash: inRow.msg_hash, source: inRow.source },
        outMsgs: own
          .filter((r) => r.direction === 'out')
          .map((r) => ({ hash: r.msg_hash, external: r.destination === null })),
      };
    });
  }

  /** The traces of earlier transactions that sent these messages (message hash → trace_id). */
  async parentTraces(
    m: EntityManager,
    messageHashes: readonly string[],
  ): Promise<Map<string, string>> {
    if (messageHashes.length === 0) {
      return new Map();
    }
    const rows: { msg_hash: string; trace_id: string }[] = await m.query(
      `SELECT DISTINCT ON (msg_hash) msg_hash, trace_id FROM messages
       WHERE msg_hash = ANY($1::text[]) AND direction = 'out' AND trace_id IS NOT NULL`,
      [messageHashes],
    );
    return new Map(rows.map((r) => [r.msg_hash, r.trace_id]));
  }

  /**
   * Stamps trace_id on the block's transactions and their messages and applies the trace changes
   * (new traces inserted, existing ones' counters and ends moved). Returns the traces that are
   * complete after this block.
   */
  async apply(
    m: EntityManager,
    mcSeqno: number,
    traceOf: ReadonlyMap<string, string>,
    changes: readonly TraceChange[],
  ): Promise<string[]> {
    const pairs = [...traceOf];
    if (pairs.length > 0) {
      const txHashes = pairs.map(([tx]) => tx);
      const traceIds = pairs.map(([, trace]) => trace);
      await m.query(
        `UPDATE transactions t SET trace_id = u.trace_id
         FROM unnest($1::text[], $2::text[]) AS u(hash, trace_id) WHERE t.hash = u.hash`,
        [txHashes, traceIds],
      );
      await m.query(
        `UPDATE messages mm SET trace_id = u.trace_id
         FROM unnest($1::text[], $2::text[]) AS u(tx_hash, trace_id) WHERE mm.tx_hash = u.tx_hash`,
        [txHashes, traceIds],
      );
    }
    await insertUnnest(
      m,
      'traces',
      [
        { name: 'trace_id', type: 'text', value: (c: TraceChange) => c.traceId },
        { name: 'external_hash', type: 'text', value: (c) => c.externalHash },
        { name: 'mc_seqno_start', type: 'integer', value: () => mcSeqno },
        { name: 'mc_seqno_end', type: 'integer', value: () => mcSeqno },
        { name: 'start_lt', type: 'bigint', value: (c) => c.startLt.toString() },
        { name: 'start_utime', type: 'integer', value: (c) => c.startUtime },
        { name: 'end_lt', type: 'bigint', value: (c) => c.endLt.toString() },
        { name: 'end_utime', type: 'integer', value: (c) => c.endUtime },
        {
          name: 'state',
          type: 'text',
          cast: 'trace_state',
          value: (c) => (c.broken ? 'broken' : c.pendingEdges > 0 ? 'pending' : 'complete'),
        },
        { name: 'pending_edges_', type: 'bigint', value: (c) => c.pendingEdges },
        { name: 'edges_', type: 'bigint', value: (c) => c.edges },
        { name: 'nodes_', type: 'bigint', value: (c) => c.nodes },
      ],
      changes,
      // An existing trace receives deltas: counters add up, ends move forward, and the state follows
      // the pending count (a broken trace stays broken).
      `ON CONFLICT ("trace_id") DO UPDATE SET
         "pending_edges_" = t."pending_edges_" + EXCLUDED."pending_edges_",
         "edges_" = t."edges_" + EXCLUDED."edges_",
         "nodes_" = t."nodes_" + EXCLUDED."nodes_",
         "end_lt" = GREATEST(t."end_lt", EXCLUDED."end_lt"),
         "end_utime" = GREATEST(t."end_utime", EXCLUDED."end_utime"),
         "mc_seqno_end" = GREATEST(t."mc_seqno_end", EXCLUDED."mc_seqno_end"),
         "state" = CASE WHEN t."state" = 'broken' THEN 'broken'::trace_state
           WHEN t."pending_edges_" + EXCLUDED."pending_edges_" > 0 THEN 'pending'::trace_state
           ELSE 'complete'::trace_state END`,
    );
    if (changes.length === 0) {
      return [];
    }
    const done: { trace_id: string }[] = await m.query(
      `SELECT trace_id FROM traces WHERE trace_id = ANY($1::text[]) AND state = 'complete'`,
      [changes.map((c) => c.traceId)],
    );
    return done.map((r) => r.trace_id);
  }
}
