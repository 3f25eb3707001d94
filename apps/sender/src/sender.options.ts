import { type LiteserverTrust } from '@app/liteclient';
import { type LiteserverEndpoint } from '@app/ton';

export const SENDER_OPTIONS = Symbol('SENDER_OPTIONS');

export interface SenderOptions {
  /** The network's liteservers: the sender has its own pool (sends never queue behind reads). */
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs: number;
  /** What fee estimates, limits and emulations are proven from (resolveLiteservers); absent: none. */
  readonly trust?: LiteserverTrust;
  /** Liteservers a message goes to in parallel (SEND_FANOUT). */
  readonly fanout: number;
  /** How long a sent hash is remembered (SEND_DEDUPE_TTL_SECONDS), in ms. */
  readonly dedupeTtlMs: number;
  /** How long the landing watcher follows a sent message (SEND_LANDING_TIMEOUT_SECONDS), in ms. */
  readonly landingTimeoutMs: number;
  /**
   * Whether PostgreSQL (the global DatabaseModule) is there to find landed messages in. Without it the
   * landing watcher is off: no `message.landed` events, no send-to-inclusion metric.
   */
  readonly database: boolean;
}

/** SEND_* defaults, for callers (tests, the single process) that do not read the environment. */
export const DEFAULT_SENDER_SETTINGS = {
  fanout: 4,
  dedupeTtlMs: 600_000,
  landingTimeoutMs: 180_000,
} as const;
