import { type EntityManager, TraceRepository } from '@app/database';
import { assembleBlock } from '../traces/trace-edges';

export interface DecodedBlock {
  readonly transactions: number;
  /** Traces complete after this block (to classify). */
  readonly completedTraces: readonly string[];
}

/**
 * Decodes one masterchain block inside the caller's database transaction: assigns its transactions
 * (and their messages) to traces, moving the traces' counters.
 */
export class BlockDecoder {
  private readonly traces = new TraceRepository();

  async decode(m: EntityManager, mcSeqno: number): Promise<DecodedBlock> {
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
    return { transactions: txs.length, completedTraces };
  }
}
