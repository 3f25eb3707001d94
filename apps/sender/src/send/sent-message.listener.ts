/**
 * What the send path tells the rest of the sender about a message: the pending-trace half (emulation
 * of what the message will do) subscribes here instead of to JetStream, so it also works in the single
 * process without NATS. Both hooks are fire-and-forget: they must not throw and must not block the
 * send (the client already has its answer when they run).
 */

/** A message the network accepted for the first time (one per hash across replicas). */
export interface SentMessage {
  /** Base64 representation hash of the message cell (toncenter `hash`). */
  readonly hash: string;
  /** Base64 TEP-467 normalised hash (toncenter `hash_norm`). */
  readonly hashNorm: string;
  /** Standard base64 BoC of the message as sent. */
  readonly boc: string;
  /** Raw destination address (`wc:HEX`). */
  readonly destination: string;
  /** Unix time in ms when the first liteserver accepted it. */
  readonly sentAt: number;
}

/** The message's transaction as the indexer stored it. */
export interface LandedMessage {
  readonly hash: string;
  readonly hashNorm: string;
  /** Base64 hash of the transaction that processed the message. */
  readonly transactionHash: string;
  /** Its logical time (decimal string: 64-bit). */
  readonly lt: string;
  /** Raw address of the account (`wc:HEX`). */
  readonly account: string;
  /** Masterchain block that committed it. */
  readonly mcSeqno: number;
  /** Milliseconds from the first successful send to the indexer's commit being seen. */
  readonly landedAfterMs: number;
}

export interface SentMessageListener {
  onSent(message: SentMessage): void;
  onLanded(message: LandedMessage): void;
}

/**
 * Injection token of the optional listener. Provide it in SenderModule (e.g.
 * `{ provide: SENT_MESSAGE_LISTENER, useExisting: PendingTraces }`); absent, nothing listens.
 */
export const SENT_MESSAGE_LISTENER = Symbol('SENT_MESSAGE_LISTENER');
