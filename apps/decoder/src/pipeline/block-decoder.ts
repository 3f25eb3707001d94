import {
  ActionRepository,
  ClassifyInputRepository,
  type DataSource,
  type DecodeFailure,
  DecodeFailureRepository,
  type EntityManager,
  TraceRepository,
} from '@app/database';
import { classifyTrace, defaultRegistry } from '../classify';
import { type DetectedBlock, type InterfaceDetector } from '../interfaces/interface-detector';
import { TokenEvents } from '../interfaces/token-events';
import { assembleBlock } from '../traces/trace-edges';
import { actionInsertRow, classifiableTraces } from './trace-input.mapper';

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

/**
 * Decodes one masterchain block inside the caller's database transaction: writes what interface
 * detection found, assigns its transactions (and their messages) to traces, moving the traces'
 * counters, records the Jetton/NFT events, then classifies every trace that became complete into actions (toncenter v3 §14.1, §14.3). Classification never throws: a trace it cannot
 * read gets `unknown` / fallback actions and classification_state `failed`.
 */
export class BlockDecoder {
  private readonly traces = new TraceRepository();
  private readonly inputs = new ClassifyInputRepository();
  private readonly actions = new ActionRepository();
  private readonly tokenEvents = new TokenEvents();
  private readonly failures = new DecodeFailureRepository();

  constructor(private readonly detector?: InterfaceDetector) {}

  /**
   * The block's interface detection (network reads): run before `decode`, outside the database
   * transaction; null without a liteserver pool (traces and actions still work, without token data).
   */
  async detect(ds: DataSource, mcSeqno: number): Promise<DetectedBlock | null> {
    return this.detector === undefined ? null : this.detector.detect(ds, mcSeqno);
  }

  async decode(
    m: EntityManager,
    mcSeqno: number,
    detected: DetectedBlock | null = null,
  ): Promise<DecodedBlock> {
    if (detected !== null && this.detector !== undefined) {
      await this.detector.write(m, detected);
    }
    const txs = await this.traces.blockEdges(m, mcSeqno);
    const sentHere = new Set(txs.flatMap((t) => t.outMsgs.map((o) => o.hash)));
    const lookups = txs
      .map((t) => t.inMsg?.hash)
      .filter((h): h is string => h !== undefined && !sentHere.has(h));
    const parents = await this.traces.parentTraces(m, lookups);
    const assembled = assembleBlock(txs, parents);
    const completedTraces = await this.traces.apply(m, mcSeqno, assembled.traceOf, [
      ...assembled.deltas.values(),
    ]);
    const events = await this.tokenEvents.write(m, mcSeqno);
    const { actions, failedTraces, failures } = await this.classify(m, mcSeqno, completedTraces);
    await this.failures.record(m, [...events.failures, ...failures]);
    return {
      transactions: txs.length,
      completedTraces,
      actions,
      failedTraces,
      tokenEvents: events.events,
      badBodies: events.failures.length,
    };
  }

  private async classify(
    m: EntityManager,
    mcSeqno: number,
    traceIds: readonly string[],
  ): Promise<{ actions: Map<string, number>; failedTraces: number; failures: DecodeFailure[] }> {
    const failures: DecodeFailure[] = [];
    const counts = new Map<string, number>();
    let failedTraces = 0;
    const rows = [];
    const states = new Map<string, 'ok' | 'failed' | 'broken'>();
    for (const trace of classifiableTraces(await this.inputs.load(m, traceIds))) {
      const result = classifyTrace(trace, defaultRegistry);
      states.set(trace.trace.trace_id, result.state);
      if (result.state === 'failed') {
        failedTraces += 1;
        failures.push({
          mcSeqno,
          kind: 'classify',
          subject: trace.trace.trace_id,
          error: result.error ?? 'classification failed',
        });
      }
      for (const action of result.actions) {
        rows.push(actionInsertRow(action, trace.trace));
        counts.set(action.type, (counts.get(action.type) ?? 0) + 1);
      }
    }
    await this.actions.store(m, rows, states);
    return { actions: counts, failedTraces, failures };
  }
}
