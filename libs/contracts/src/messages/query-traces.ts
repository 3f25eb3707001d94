import { z } from 'zod';

import { Subjects } from '../subjects';
import { V3Finality, V3Transaction } from './query-transactions';
import { EnrichmentSettings, Paging, SortOrder, TimeRange } from './query-request';
import { AddressBook, B64Hash, DecStr, Int, Metadata, V3Address } from './query-wire';

/**
 * Query service requests of the v3 trace and action endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the
 * Trace and Action shapes (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
 */

/** A JSON value (action details are type-specific, https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/event_processing.py). */
export type V3Json = string | number | boolean | null | V3Json[] | { [key: string]: V3Json };
export const V3Json: z.ZodType<V3Json> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(V3Json),
    z.record(z.string(), V3Json),
  ]),
);

/** Action (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export const V3Action = z
  .object({
    trace_id: B64Hash,
    action_id: B64Hash,
    start_lt: DecStr,
    end_lt: DecStr,
    start_utime: Int,
    end_utime: Int,
    trace_end_lt: DecStr,
    trace_end_utime: Int,
    trace_mc_seqno_end: Int,
    transactions: z.array(B64Hash),
    success: z.boolean().nullable(),
    type: z.string(),
    details: z.record(z.string(), V3Json),
    raw_action: V3Json.optional(),
    trace_external_hash: B64Hash.optional(),
    trace_external_hash_norm: B64Hash.optional(),
    accounts: z.array(V3Address).optional(),
    transactions_full: z.array(V3Transaction).optional(),
    finality: V3Finality,
  })
  .strict();
export type V3Action = z.infer<typeof V3Action>;

/** `trace`: the tree of `{tx_hash, in_msg_hash, children}` (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models); children null as in Go. */
export interface V3TraceNode {
  tx_hash: string;
  in_msg_hash?: string;
  children: V3TraceNode[] | null;
}
export const V3TraceNode: z.ZodType<V3TraceNode> = z.lazy(() =>
  z
    .object({
      tx_hash: B64Hash,
      in_msg_hash: B64Hash.optional(),
      children: z.array(V3TraceNode).nullable(),
    })
    .strict(),
);

/** Trace (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): mc_seqno_start/end and lts as strings, utimes as numbers. */
export const V3Trace = z
  .object({
    trace_id: B64Hash,
    external_hash: B64Hash.nullable(),
    mc_seqno_start: DecStr,
    mc_seqno_end: DecStr,
    start_lt: DecStr,
    start_utime: Int,
    end_lt: DecStr,
    end_utime: Int,
    trace_info: z
      .object({
        trace_state: z.string(),
        messages: z.number().int(),
        transactions: z.number().int(),
        pending_messages: z.number().int(),
        classification_state: z.string(),
      })
      .strict(),
    is_incomplete: z.boolean(),
    warning: z.string().optional(),
    actions: z.array(V3Action).optional(),
    trace: V3TraceNode.optional(),
    transactions_order: z.array(B64Hash).optional(),
    transactions: z.record(z.string(), V3Transaction).optional(),
    /**
     * Only on pending traces emulated while the network's global version (ConfigParam 8) is newer
     * than the bundled emulator implements: the real trace may differ. Not a toncenter field.
     */
    approximate: z.literal(true).optional().meta({
      description:
        "Pending traces only: true when emulated on a network newer than this service's emulator, so the real trace may differ",
    }),
  })
  .strict();
export type V3Trace = z.infer<typeof V3Trace>;

/** An action type or version shortcut (`^[A-Za-z0-9_.]+$`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const ActionTypeName = z.string().regex(/^[A-Za-z0-9_.]+$/, 'invalid characters');

const Ranges = {
  mc_seqno: Int.optional(),
  ...TimeRange,
};

/** traces (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): at most one of account, trace_id, tx_hash, msg_hash (the gateway checks it). */
export const TracesReq = z
  .object({
    account: V3Address.optional(),
    trace_id: z.array(B64Hash).optional(),
    tx_hash: z.array(B64Hash).optional(),
    msg_hash: z.array(B64Hash).optional(),
    ...Ranges,
    include_actions: z.boolean(),
    /** Already expanded: concrete type names (versions and groups resolved by the gateway). */
    supported_action_types: z.array(ActionTypeName),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type TracesReq = z.infer<typeof TracesReq>;

export const V3TracesRes = z
  .object({ traces: z.array(V3Trace), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3TracesRes = z.infer<typeof V3TracesRes>;

/** actions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const ActionsReq = z
  .object({
    account: V3Address.optional(),
    tx_hash: z.array(B64Hash).optional(),
    msg_hash: z.array(B64Hash).optional(),
    action_id: z.array(B64Hash).optional(),
    trace_id: z.array(B64Hash).optional(),
    ...Ranges,
    action_type: z.array(ActionTypeName).optional(),
    exclude_action_type: z.array(ActionTypeName).optional(),
    supported_action_types: z.array(ActionTypeName),
    include_accounts: z.boolean(),
    include_transactions: z.boolean(),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type ActionsReq = z.infer<typeof ActionsReq>;

export const V3ActionsRes = z
  .object({ actions: z.array(V3Action), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3ActionsRes = z.infer<typeof V3ActionsRes>;

export const queryTracesContracts = {
  [Subjects.query.traces]: { req: TracesReq, res: V3TracesRes },
  [Subjects.query.actions]: { req: ActionsReq, res: V3ActionsRes },
} as const;
