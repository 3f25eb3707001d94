import { type ActionQueryRow } from '@app/database';
import { Injectable } from '@nestjs/common';
import { actionAddresses, toV3Action } from '../actions/action.mapper';
import { type RenderedAction, RenderedActions } from './rendered-actions';

/** A trace of a page: its id and whether its actions are final (complete and classified). */
export interface ActionPageTrace {
  readonly traceId: string;
  readonly final: boolean;
}

/**
 * Renders the actions of traces pages through RenderedActions: kept traces are answered from
 * memory, the rest read in one batch (every type), rendered, and kept when final. The supported-type
 * filter is applied here as the SQL of ActionQueryRepository.ofTraces applies it (toncenter-v3
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py):
 * the type is supported and no ancestor's type is.
 */
@Injectable()
export class ActionRenderer {
  constructor(private readonly cache: RenderedActions) {}

  async ofTraces(
    traces: readonly ActionPageTrace[],
    supported: readonly string[],
    loadEvery: (traceIds: readonly string[]) => Promise<ActionQueryRow[]>,
  ): Promise<Map<string, RenderedAction[]>> {
    const all = new Map<string, readonly RenderedAction[]>();
    const missing: ActionPageTrace[] = [];
    for (const t of traces) {
      const kept = t.final ? this.cache.trace(t.traceId) : undefined;
      if (kept === undefined) {
        missing.push(t);
      } else {
        all.set(t.traceId, kept);
      }
    }
    if (missing.length > 0) {
      const loaded = new Map<string, RenderedAction[]>(missing.map((t) => [t.traceId, []]));
      for (const row of await loadEvery(missing.map((t) => t.traceId))) {
        loaded.get(row.trace_id)?.push(rendered(row));
      }
      for (const t of missing) {
        const actions = loaded.get(t.traceId) ?? [];
        all.set(t.traceId, actions);
        if (t.final) {
          this.cache.keepTrace(t.traceId, actions);
        }
      }
    }
    const visible = new Set(supported);
    const out = new Map<string, RenderedAction[]>();
    for (const [traceId, actions] of all) {
      out.set(
        traceId,
        actions.filter((a) => visible.has(a.type) && !a.ancestorType.some((t) => visible.has(t))),
      );
    }
    return out;
  }
}

function rendered(row: ActionQueryRow): RenderedAction {
  return {
    type: row.type,
    ancestorType: row.ancestor_type,
    value: toV3Action(row),
    addresses: actionAddresses(row),
  };
}
