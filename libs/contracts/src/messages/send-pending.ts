import { z } from 'zod';

import { Subjects } from '../subjects';
import { ActionTypeName, V3Action, V3Trace } from './query-traces';
import { V3Transaction } from './query-transactions';
import { B64Hash, V3Address } from './query-wire';

/**
 * The sender's pending (emulated) data behind v3 pendingTraces, pendingActions and
 * pendingTransactions (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). The sender
 * answers the lists; the gateway adds address_book and metadata from the query service, as for indexed data.
 */

/** pendingTraces (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `account` or `ext_msg_hash[]` (the gateway requires one). */
export const PendingTracesReq = z
  .object({
    account: V3Address.optional(),
    /** Raw or normalised hashes of the external messages. */
    ext_msg_hash: z.array(B64Hash).optional(),
    /** Already expanded by the gateway (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py). */
    supported_action_types: z.array(ActionTypeName),
  })
  .strict();
export type PendingTracesReq = z.infer<typeof PendingTracesReq>;

export const PendingTracesRes = z.object({ traces: z.array(V3Trace) }).strict();
export type PendingTracesRes = z.infer<typeof PendingTracesRes>;

/** pendingActions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const PendingActionsReq = PendingTracesReq.extend({
  include_transactions: z.boolean(),
}).strict();
export type PendingActionsReq = z.infer<typeof PendingActionsReq>;

export const PendingActionsRes = z.object({ actions: z.array(V3Action) }).strict();
export type PendingActionsRes = z.infer<typeof PendingActionsRes>;

/** pendingTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `account[]` required, `trace_id[]` optional. */
export const PendingTransactionsReq = z
  .object({
    account: z.array(V3Address).min(1),
    trace_id: z.array(B64Hash).optional(),
  })
  .strict();
export type PendingTransactionsReq = z.infer<typeof PendingTransactionsReq>;

export const PendingTransactionsRes = z.object({ transactions: z.array(V3Transaction) }).strict();
export type PendingTransactionsRes = z.infer<typeof PendingTransactionsRes>;

export const sendPendingContracts = {
  [Subjects.send.pendingTraces]: { req: PendingTracesReq, res: PendingTracesRes },
  [Subjects.send.pendingActions]: { req: PendingActionsReq, res: PendingActionsRes },
  [Subjects.send.pendingTransactions]: { req: PendingTransactionsReq, res: PendingTransactionsRes },
} as const;
