import { type TraceRecord, type TraceTransaction } from '@app/classify';

/** Past this many traces (or undelivered messages) held, the ones already committed are dropped. */
const MAX_TRACES = 100_000;
const MAX_SENT = 400_000;

/** A trace this run of the decoder touched and that may still change. */
export interface HeldTrace {
  /** The trace as the last block that touched it left it. */
  record: TraceRecord;
  /** True when the trace started in this run, so that every one of its transactions is here. */
  readonly whole: boolean;
  /** Its transactions seen in this run (none kept once broken: a broken trace is never classified). */
  readonly transactions: TraceTransaction[];
  /** The last masterchain block that touched it. */
  lastBlock: number;
}

/**
 * What the decoder keeps between consecutive blocks of one run, so that decoding a block needs no read
 * of what earlier blocks produced, whether or not they are committed yet: the trace of every internal
 * message sent and not yet delivered (trace assembly's parent lookup) and every trace touched and not
 * complete (its counters, and its transactions for the classification once it completes). What it
 * does not hold is read from PostgreSQL: rows this run never touched are as committed before it.
 * Bounded: past the bounds it drops what the blocks committed so far touched last (then PostgreSQL
 * holds the same), never what a block still in flight wrote.
 */
export class TraceMemory {
  private readonly sent = new Map<string, { readonly traceId: string; readonly block: number }>();
  private readonly traces = new Map<string, HeldTrace>();

  /** The trace of an undelivered message sent in this run, if held. */
  senderTrace(msgHash: string): string | undefined {
    return this.sent.get(msgHash)?.traceId;
  }

  trace(traceId: string): HeldTrace | undefined {
    return this.traces.get(traceId);
  }

  /** Records a block's assembly: messages sent (then delivered ones forgotten) and traces moved. */
  record(
    block: number,
    sent: ReadonlyMap<string, string>,
    delivered: readonly string[],
    traces: readonly HeldTrace[],
  ): void {
    for (const [hash, traceId] of sent) {
      this.sent.set(hash, { traceId, block });
    }
    // After the sent ones: a message sent and delivered within the block is not remembered.
    for (const hash of delivered) {
      this.sent.delete(hash);
    }
    for (const trace of traces) {
      if (trace.record.state === 'complete') {
        // Nothing can join a complete trace: every message it sent is delivered.
        this.traces.delete(trace.record.trace_id);
      } else {
        if (trace.record.state === 'broken') {
          trace.transactions.length = 0;
        }
        this.traces.set(trace.record.trace_id, trace);
      }
    }
  }

  /** Drops, past the bounds, what only blocks up to `committed` touched (PostgreSQL has it). */
  trim(committed: number): void {
    if (this.sent.size > MAX_SENT) {
      for (const [hash, s] of this.sent) {
        if (s.block <= committed) {
          this.sent.delete(hash);
        }
      }
    }
    if (this.traces.size > MAX_TRACES) {
      for (const [id, t] of this.traces) {
        if (t.lastBlock <= committed) {
          this.traces.delete(id);
        }
      }
    }
  }
}
