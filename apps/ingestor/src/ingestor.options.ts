import { type LiteserverTrust } from '@app/liteclient';
import { type LiteserverEndpoint } from '@app/ton';

export const INGESTOR_OPTIONS = Symbol('INGESTOR_OPTIONS');

export interface IngestorOptions {
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs: number;
  /** What indexed blocks are proven from (resolveLiteservers); absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  readonly follow: boolean;
  readonly startSeqno?: number | undefined;
  readonly window: number;
  /** Threads decoding fetched blocks (INGEST_PARSE_THREADS); 0 (the default) decodes on the event
   *  loop. */
  readonly parseThreads?: number;
  readonly readyLag: number;
  /** The live follower's cursor and lease name (one per network). */
  readonly cursorName?: string;
}

/** The live follower's cursor and lease name: `cursorName`, default `masterchain`. */
export function followerCursorName(options: IngestorOptions): string {
  return options.cursorName ?? 'masterchain';
}
