import { B64Hash, V3Action, V3Address, V3Trace } from '@app/contracts';
import { z } from 'zod';

/** One classified action of a pending trace with what its filters need (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py). */
export const PendingAction = z
  .object({
    /** Rendered as the v3 Action (finality `pending`), without `accounts`. */
    action: V3Action,
    /** The stored type (before the API-level `extra_currency_transfer` rename), for type filters. */
    type: z.string(),
    ancestorType: z.array(z.string()),
    /** `action_accounts`: the accounts an account filter matches. */
    accounts: z.array(V3Address),
  })
  .strict();
export type PendingAction = z.infer<typeof PendingAction>;

/**
 * What the pending store keeps per external message (toncenter's emulated trace,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the trace
 * with its transactions in v3 wire shape, its actions, and the keys it is found by. Parsed again
 * when read back from the store (a boundary).
 */
export const PendingTrace = z
  .object({
    /** The external message's hash and TEP-467 normalised hash (base64). */
    hash: B64Hash,
    hashNorm: B64Hash,
    /** Every account with a transaction in the trace (raw upper-case). */
    accounts: z.array(V3Address),
    /** Unix ms of the emulation. */
    emulatedAt: z.number().int(),
    /** The trace with `trace`, `transactions_order` and `transactions`; without `actions`. */
    trace: V3Trace,
    actions: z.array(PendingAction),
  })
  .strict();
export type PendingTrace = z.infer<typeof PendingTrace>;
