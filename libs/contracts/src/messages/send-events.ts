import { z } from 'zod';

import { B64Hash, Bytes, Int64Str, RawAddress } from '../v2/primitives';

/**
 * `ton.evt.v1.message.sent` (JetStream): a liteserver accepted an external message for the first time
 * (published once per hash across sender replicas; `Nats-Msg-Id` = `message.sent:<hash>`).
 */
export const MessageSentEvent = z
  .object({
    /** Base64 representation hash of the message cell (toncenter `hash`). */
    hash: B64Hash,
    /** Base64 TEP-467 normalised hash (toncenter `hash_norm`). */
    hash_norm: B64Hash,
    /** Raw destination address `wc:HEX`. */
    destination: RawAddress,
    /** Unix time in milliseconds of the first accepted send. */
    sent_at: z.number().int().nonnegative(),
    /** The BoC as sent (standard base64); absent when larger than the event budget. */
    boc: Bytes.optional(),
  })
  .strict();
export type MessageSentEvent = z.infer<typeof MessageSentEvent>;

/**
 * `ton.evt.v1.message.landed` (JetStream): the transaction that processed a sent message is indexed
 * (`Nats-Msg-Id` = `message.landed:<hash>`).
 */
export const MessageLandedEvent = z
  .object({
    hash: B64Hash,
    hash_norm: B64Hash,
    /** Base64 hash of the transaction. */
    transaction_hash: B64Hash,
    lt: Int64Str,
    /** Raw address `wc:HEX` of the account that processed it. */
    account: RawAddress,
    mc_seqno: z.number().int().positive(),
    /** From the first accepted send to the indexed transaction being seen by the sender. */
    landed_after_ms: z.number().int().nonnegative(),
  })
  .strict();
export type MessageLandedEvent = z.infer<typeof MessageLandedEvent>;
