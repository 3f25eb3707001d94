import { type LiteserverEndpoint } from '@app/ton';
import { type LiteClient } from 'ton-lite-client';
import { type AdnlLiteEngine } from './adnl-lite-engine';

/** One liteserver of the pool: its connection, its two clients and what the probes learnt of it. */
export interface PoolEntry {
  readonly index: number;
  readonly endpoint: LiteserverEndpoint;
  readonly engine: AdnlLiteEngine;
  /** For head reads: a head it announces too far behind the consensus fails the call (observeHead). */
  readonly client: LiteClient;
  /** For probes and reads pinned to a seqno: takes whatever head the liteserver has. */
  readonly rawClient: LiteClient;
  lastSeqno: number;
  /** Answered the last probe. */
  responsive: boolean;
  /** A request saw it time out, drop or answer "not ready" since the last probe. */
  suspect: boolean;
  archival: boolean;
  archivalCheckedAt: number | undefined;
}
