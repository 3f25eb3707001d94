import { z } from 'zod';

import { type StreamSubject, Subjects } from '../subjects';

import { ActionTypeName, V3Action, V3TraceNode } from './query-traces';
import { V3Finality, V3Transaction } from './query-transactions';
import { AddressBook, B64Hash, DecStr, Metadata, V3Address } from './query-wire';

/**
 * What the producers (query: indexed data; sender: emulated data) publish on `ton.stream.v1.*` for the
 * Streaming API v2. One message per trace snapshot, account state or jetton wallet at one
 * finality; each gateway replica derives the per-client `transactions` / `actions` / `trace` /
 * `account_state_change` / `jettons_change` / `trace_invalidated` notifications from it (toncenter's
 * ton-streaming-go does the same from its Redis channels). The JetStream sequence of the message is the
 * replay position of every notification derived from it.
 *
 * Addresses are raw `wc:UPPERHEX`, hashes standard base64, as the notifications carry them.
 * `emitted_at` (unix ms at the producer) feeds the event-lag metric.
 */

/** An action with the types it is a newer form of (hidden from clients; the supported-types filter). */
export const StreamAction = z
  .object({
    action: V3Action,
    /** toncenter's `ancestor_type`: drop the action for a client that understands one of these. */
    ancestor_types: z.array(ActionTypeName),
  })
  .strict();
export type StreamAction = z.infer<typeof StreamAction>;

/**
 * `ton.stream.v1.trace`: a snapshot of one trace at `finality` (all its transactions known so far, each
 * with its own `finality`; the classified actions when the trace is complete).
 */
export const StreamTraceUpdate = z
  .object({
    /** Standard base64 TEP-467 normalised hash of the trace's external message (the trace key). */
    trace_external_hash_norm: B64Hash,
    finality: V3Finality,
    trace: V3TraceNode,
    transactions: z.record(z.string(), V3Transaction),
    actions: z.array(StreamAction),
    /** Every address of the trace (tx accounts, message ends, action addresses). */
    address_book: AddressBook,
    metadata: Metadata,
    /** Masterchain block that committed it; absent for emulated (pending) snapshots. */
    mc_seqno: z.number().int().positive().optional(),
    emitted_at: z.number().int().nonnegative(),
  })
  .strict();
export type StreamTraceUpdate = z.infer<typeof StreamTraceUpdate>;

/** The state of `account_state_change` (every key present, nulls as in toncenter's server). */
export const StreamAccountState = z
  .object({
    hash: B64Hash,
    balance: DecStr.nullable(),
    extra_currencies: z.record(z.string(), z.string()).nullable(),
    account_status: z.enum(['active', 'uninit', 'frozen', 'nonexist']).nullable(),
    frozen_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    code_hash: B64Hash.nullable(),
  })
  .strict();
export type StreamAccountState = z.infer<typeof StreamAccountState>;

/** `ton.stream.v1.accountState`: an account's newest state at `finality` (never pending). */
export const StreamAccountStateChange = z
  .object({
    account: V3Address,
    finality: z.enum(['confirmed', 'finalized']),
    state: StreamAccountState,
    /** The transaction that produced this state (orders updates of one account). */
    last_transaction_lt: DecStr,
    mc_seqno: z.number().int().positive(),
    emitted_at: z.number().int().nonnegative(),
  })
  .strict();
export type StreamAccountStateChange = z.infer<typeof StreamAccountStateChange>;

/** `jettons_change.jetton`: the jetton wallet after the change (toncenter v3 JettonWallet keys). */
export const StreamJettonWallet = z
  .object({
    address: V3Address,
    balance: DecStr,
    owner: V3Address,
    jetton: V3Address,
    last_transaction_lt: DecStr,
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
  })
  .strict();
export type StreamJettonWallet = z.infer<typeof StreamJettonWallet>;

/** `ton.stream.v1.jettons`: a jetton wallet's new balance at `finality` (never pending). */
export const StreamJettonsChange = z
  .object({
    finality: z.enum(['confirmed', 'finalized']),
    jetton: StreamJettonWallet,
    /** Wallet, owner and master. */
    address_book: AddressBook,
    /** Owner and master. */
    metadata: Metadata,
    mc_seqno: z.number().int().positive(),
    emitted_at: z.number().int().nonnegative(),
  })
  .strict();
export type StreamJettonsChange = z.infer<typeof StreamJettonsChange>;

/**
 * `ton.stream.v1.traceInvalidated`: a pending trace that will not happen as predicted (its message
 * expired without landing, or it landed differently). Clients that saw a non-finalized notification of
 * the trace are told.
 */
export const StreamTraceInvalidated = z
  .object({
    trace_external_hash_norm: B64Hash,
    reason: z.enum(['expired', 'diverged', 'rejected']),
    emitted_at: z.number().int().nonnegative(),
  })
  .strict();
export type StreamTraceInvalidated = z.infer<typeof StreamTraceInvalidated>;

/** Each stream subject's contract: what an entry on that subject is checked against. */
export const STREAM_CONTRACTS: Readonly<Record<StreamSubject, z.ZodType>> = {
  [Subjects.stream.trace]: StreamTraceUpdate,
  [Subjects.stream.accountState]: StreamAccountStateChange,
  [Subjects.stream.jettons]: StreamJettonsChange,
  [Subjects.stream.traceInvalidated]: StreamTraceInvalidated,
};
