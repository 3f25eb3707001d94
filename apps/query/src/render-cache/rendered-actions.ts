import { type V3Action } from '@app/contracts';
import { rememberJson } from '@app/nats';
import { ByteBudgetLru } from './byte-budget-lru';

/** What a rendered action is counted as (a V3Action with its details is about 1 KB of JSON). */
const ACTION_BYTES = 2048;
const TRACE_BYTES = 256;

/** An action as the v3 API renders it, with what the type filter and the address book read. */
export interface RenderedAction {
  /** The row's `type` (before the extra-currency renaming of toV3Action). */
  readonly type: string;
  readonly ancestorType: readonly string[];
  readonly value: V3Action;
  readonly addresses: readonly string[];
}

/**
 * Every action of a trace (all types, for any client's supported types), kept between requests
 * within a byte budget, least recently used first out. Only classified complete traces are kept:
 * the decoder classifies a trace once, when it completes, writing its actions in the transaction
 * that sets its classification_state (apps/decoder BlockWriter), and never again, so a kept list
 * never goes stale. A traces page of a busy account spent ~10 ms reading and rendering its actions
 * (bench/reports/v3-queries.md).
 */
export class RenderedActions {
  private readonly traces: ByteBudgetLru<readonly RenderedAction[]>;

  constructor(budgetBytes: number) {
    this.traces = new ByteBudgetLru(budgetBytes);
  }

  get bytes(): number {
    return this.traces.bytes;
  }

  /** Every action of `traceId` in (start_lt, end_lt, action_id) order, if kept. */
  trace(traceId: string): readonly RenderedAction[] | undefined {
    return this.traces.get(traceId);
  }

  keepTrace(traceId: string, actions: readonly RenderedAction[]): void {
    if (this.traces.budgetBytes === 0) {
      return;
    }
    let bytes = TRACE_BYTES;
    for (const action of actions) {
      // Its text too, spliced into every reply that includes it (stringifyReply).
      const json = JSON.stringify(action.value);
      rememberJson(action.value, json);
      bytes += ACTION_BYTES + json.length;
    }
    this.traces.set(traceId, actions, bytes);
  }
}
