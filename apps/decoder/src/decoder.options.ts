import { type TonNetwork } from '@app/config';
import { type LiteserverTrust } from '@app/liteclient';
import { type LiteserverEndpoint } from '@app/ton';
import { type MetadataFetchOptions } from './metadata/metadata-fetch.options';

export const DECODER_OPTIONS = Symbol('DECODER_OPTIONS');

export interface DecoderOptions {
  /**
   * The safety-net poll of the ingestor's watermark (default 2 s when events or signals wake the
   * decoder, else 0.5 s).
   */
  readonly pollMs?: number;
  /** The ingestor's cursor it follows (default `masterchain`). */
  readonly sourceCursor?: string;
  readonly readyBacklog: number;
  /** Liteservers for interface detection (get-methods at each block); without them no token data. */
  readonly endpoints?: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs?: number;
  /** What the interface probes' get-method reads are proven from; absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  /** The chain served (TON_NETWORK): picks the DNS collections of its items (default `local`). */
  readonly network?: TonNetwork;
  /** The off-chain token metadata fetcher; absent → not run. */
  readonly metadata?: MetadataFetchOptions | undefined;
}
