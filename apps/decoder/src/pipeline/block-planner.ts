import {
  type ActionInsertRow,
  ClassifyInputRepository,
  type DecodeFailure,
  type EntityManager,
  TraceRepository,
  type TraceStamp,
} from '@app/database';
import {
  type AccountInterfaces,
  classifyAccounts,
  classifyTrace,
  defaultRegistry,
  NOMINATOR_POOL_CODE_HASH,
  type TraceRecord,
  type TraceTransaction,
  withExtras,
} from '@app/classify';
import { CodeInterfaces } from '../interfaces/code-interfaces';
import { type DetectedBlock } from '../interfaces/interface-detector';
import { InterfaceView } from '../interfaces/interface-view';
import {
  type BlockTokenEvents,
  parseTokenEvents,
  tokenCandidates,
  tokenEventCount,
} from '../interfaces/token-events';
import { assembleBlock } from '../traces/trace-edges';
import { type HeldTrace, TraceMemory } from '../traces/trace-memory';
import { applyTraceDelta, withClassification } from '../traces/trace-state';
import { type BlockRows, isInternal } from './block-reader';
import {
  actionInsertRow,
  interfaceMap,
  traceRecord,
  transactionsByTrace,
} from './trace-input.mapper';

/** What decoding a block changed, as counts (metrics and callers). */
export interface DecodedBlock {
  readonly transactions: number;
  /** Traces complete after this block, classified in it. */
  readonly completedTraces: readonly string[];
  /** Actions written, by type. */
  readonly actions: ReadonlyMap<string, number>;
  /** Traces whose classification failed (they still get the actions the fallback found). */
  readonly failedTraces: number;
  /** Jetton/NFT transfers and burns recorded; bodies that did not parse. */
  readonly tokenEvents: number;
  readonly badBodies: number;
}

/** Everything a block's decoding writes, computed before its transaction. */
export interface PlannedBlock {
  readonly mcSeqno: number;
  readonly detected: DetectedBlock | null;
  /** The trace of every transaction of the block (by hash), with the transaction's lt. */
  readonly traceOf: ReadonlyMap<string, TraceStamp>;
  /** Every trace the block changed, as it is after the block (classified ones with their state). */
  readonly traces: readonly TraceRecord[];
  readonly events: BlockTokenEvents;
  readonly actions: readonly ActionInsertRow[];
  /** Bodies that did not parse, traces the classifier failed on. */
  readonly failures: readonly DecodeFailure[];
  readonly decoded: DecodedBlock;
}

/**
 * One run of the decoder over consecutive blocks: what they left in memory (traces, messages in
 * flight, interfaces detected, interface cache) and the last block known committed. A new session
 * starts whenever blocks do not follow one another (a retry, a restart).
 */
export class DecodeSession {
  readonly memory = new TraceMemory();
  readonly view = new InterfaceView();
  readonly codes = new CodeInterfaces();

  constructor(public committed: number) {}
}

/**
 * Decodes a block in memory (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/TraceAssembler.cpp):
 * assembles its transactions into traces, moves the traces' counters, finds the Jetton/NFT events
 * and classifies every trace that became complete into actions. Blocks are planned in order, each
 * on what the blocks before it left in the session, so a block is planned while the one before it
 * is still being written; PostgreSQL is read only for what the session does not hold (rows this run
 * never touched, as committed before it). Classification never throws: a trace it cannot read gets
 * `unknown` / fallback actions and classification_state `failed`.
 */
export class BlockPlanner {
  private readonly traces = new TraceRepository();
  private readonly inputs = new ClassifyInputRepository();

  async plan(
    m: EntityManager,
    session: DecodeSession,
    rows: BlockRows,
    detected: DetectedBlock | null,
  ): Promise<PlannedBlock> {
    const { mcSeqno } = rows;
    const { memory, view } = session;
    memory.trim(session.committed);
    view.prune(session.committed);
    if (detected !== null) {
      view.add(mcSeqno, detected);
    }
    const held = await this.assemble(m, session, rows);
    const txs = rows.transactions.map((t) => t.tx);
    const complete = held.filter((h) => h.record.state === 'complete');
    const transactions = await this.completeTransactions(m, complete);
    const candidates = tokenCandidates(txs);
    const { accounts, extras } = await classifyAccounts(
      candidates.map((t) => t.account),
      [...transactions.values()].flat(),
      (some) => this.inputs.dataBocs(m, some),
    );
    const interfaces = withExtras(
      interfaceMap(
        view.overlay(
          accounts,
          await this.inputs.interfaces(m, accounts, [NOMINATOR_POOL_CODE_HASH]),
        ),
      ),
      extras,
    );
    const events = parseTokenEvents(mcSeqno, candidates, interfaces);
    const classified = classify(mcSeqno, complete, transactions, interfaces);
    memory.record(mcSeqno, sentMessages(rows), deliveredMessages(rows), held);
    const traceOf = new Map<string, TraceStamp>();
    for (const tx of txs) {
      if (tx.trace_id !== null) {
        traceOf.set(tx.hash, { trace_id: tx.trace_id, lt: tx.lt });
      }
    }
    return {
      mcSeqno,
      detected,
      traceOf,
      traces: held.map((h) => h.record),
      events,
      actions: classified.actions,
      failures: [...events.failures, ...classified.failures],
      decoded: {
        transactions: txs.length,
        completedTraces: complete.map((h) => h.record.trace_id),
        actions: classified.counts,
        failedTraces: classified.failedTraces,
        tokenEvents: tokenEventCount(events),
        badBodies: events.failures.length,
      },
    };
  }

  /**
   * Trace assembly: the trace of each in-message sent earlier comes from the session or, for the ones
   * it does not hold, from the messages table; each trace the block touches moves from the state the
   * session (or the table) has. Sets trace_id on the block's transactions; returns the traces touched.
   */
  private async assemble(
    m: EntityManager,
    session: DecodeSession,
    rows: BlockRows,
  ): Promise<HeldTrace[]> {
    const { memory } = session;
    const sentHere = new Set(rows.transactions.flatMap((t) => t.edges.outMsgs.map((o) => o.hash)));
    const parents = new Map<string, string>();
    const lookups: string[] = [];
    for (const { edges } of rows.transactions) {
      // Only an internal message joins its sender's trace (assembleBlock); others need no lookup.
      if (edges.inMsg === null || !isInternal(edges) || sentHere.has(edges.inMsg.hash)) {
        continue;
      }
      const known = memory.senderTrace(edges.inMsg.hash);
      if (known === undefined) {
        lookups.push(edges.inMsg.hash);
      } else {
        parents.set(edges.inMsg.hash, known);
      }
    }
    for (const [hash, traceId] of await this.traces.parentTraces(m, lookups)) {
      parents.set(hash, traceId);
    }
    const assembled = assembleBlock(
      rows.transactions.map((t) => t.edges),
      parents,
    );
    const deltas = [...assembled.deltas.values()];
    const unknown = deltas
      .filter((d) => !d.isNew && memory.trace(d.traceId) === undefined)
      .map((d) => d.traceId);
    const stored = new Map(
      (await this.traces.traces(m, unknown)).map((r) => [r.trace_id, traceRecord(r)]),
    );
    const touched = new Map<string, HeldTrace>();
    for (const delta of deltas) {
      const kept = delta.isNew ? undefined : memory.trace(delta.traceId);
      const before = kept?.record ?? (delta.isNew ? undefined : stored.get(delta.traceId));
      const record = applyTraceDelta(before, delta, rows.mcSeqno);
      const trace: HeldTrace = kept ?? {
        record,
        whole: delta.isNew,
        transactions: [],
        lastBlock: rows.mcSeqno,
      };
      trace.record = record;
      trace.lastBlock = rows.mcSeqno;
      touched.set(delta.traceId, trace);
    }
    for (const { tx } of rows.transactions) {
      tx.trace_id = assembled.traceOf.get(tx.hash) ?? null;
      if (tx.trace_id !== null) {
        touched.get(tx.trace_id)?.transactions.push(tx);
      }
    }
    return [...touched.values()];
  }

  /**
   * The transactions of the traces that became complete: from the session when it saw all of them,
   * otherwise the stored ones (committed blocks) joined with the ones the session saw (blocks maybe
   * not committed yet).
   */
  private async completeTransactions(
    m: EntityManager,
    complete: readonly HeldTrace[],
  ): Promise<Map<string, TraceTransaction[]>> {
    const out = new Map<string, TraceTransaction[]>();
    const partial = complete.filter((h) => !h.whole);
    const rows = await this.inputs.transactions(
      m,
      partial.map((h) => h.record),
    );
    const stored = transactionsByTrace(rows.transactions, rows.messages);
    for (const h of complete) {
      if (h.whole) {
        out.set(h.record.trace_id, h.transactions);
        continue;
      }
      const seen = new Set(h.transactions.map((t) => t.hash));
      const earlier = (stored.get(h.record.trace_id) ?? []).filter((t) => !seen.has(t.hash));
      out.set(h.record.trace_id, [...earlier, ...h.transactions]);
    }
    return out;
  }
}

/** Internal messages the block's transactions sent, with the trace they belong to. */
function sentMessages(rows: BlockRows): Map<string, string> {
  const sent = new Map<string, string>();
  for (const { tx, edges } of rows.transactions) {
    for (const out of edges.outMsgs) {
      if (!out.external && tx.trace_id !== null) {
        sent.set(out.hash, tx.trace_id);
      }
    }
  }
  return sent;
}

function deliveredMessages(rows: BlockRows): string[] {
  return rows.transactions.flatMap(({ edges }) => (edges.inMsg === null ? [] : [edges.inMsg.hash]));
}

/** Classifies the complete traces; each one's record gets its classification_state. */
function classify(
  mcSeqno: number,
  complete: readonly HeldTrace[],
  transactions: ReadonlyMap<string, TraceTransaction[]>,
  interfaces: ReadonlyMap<string, AccountInterfaces>,
): {
  actions: ActionInsertRow[];
  counts: Map<string, number>;
  failedTraces: number;
  failures: DecodeFailure[];
} {
  const actions: ActionInsertRow[] = [];
  const counts = new Map<string, number>();
  const failures: DecodeFailure[] = [];
  let failedTraces = 0;
  for (const held of complete) {
    const trace = held.record;
    const result = classifyTrace(
      { trace, transactions: transactions.get(trace.trace_id) ?? [], interfaces },
      defaultRegistry,
    );
    if (result.state === 'failed') {
      failedTraces += 1;
      failures.push({
        mcSeqno,
        kind: 'classify',
        subject: trace.trace_id,
        error: result.error ?? 'classification failed',
      });
    }
    for (const action of result.actions) {
      actions.push(actionInsertRow(action, trace));
      counts.set(action.type, (counts.get(action.type) ?? 0) + 1);
    }
    held.record = withClassification(trace, result.state);
  }
  return { actions, counts, failedTraces, failures };
}
