import type { Blockchain } from '@ton/sandbox';

/**
 * How the validators sign masterchain blocks: `ordinary` sets (TL `ton.blockId`, as mainnet before
 * Simplex consensus) or `simplex` finalize certificates (liteServer.signatureSet.simplex, mainnet's
 * since 2026; simplex-finalize.ts).
 */
export type SignatureSetKind = 'ordinary' | 'simplex';
export const SIGNATURE_SET_KINDS = [
  'ordinary',
  'simplex',
] as const satisfies readonly SignatureSetKind[];

export interface LocalChainOptions {
  /** 1: one basechain shard; 2: shards 0x4000… and 0xc000… (split by the account id's first bit). */
  readonly shards?: 1 | 2;
  /** ConfigParam 19; mainnet is -239, testnet -3. */
  readonly globalId?: number;
  /** ConfigParam 8 version instead of the emulator config's (a network newer than the emulator). */
  readonly globalVersion?: number;
  /** gen_utime of the zero state (unix seconds). */
  readonly startTime?: number;
  /** Seconds between consecutive blocks' gen_utime in deterministic time (default 1). */
  readonly blockInterval?: number;
  /** Use the wall clock for gen_utime instead of deterministic time. */
  readonly wallClock?: boolean;
  /** Number of local ed25519 validators (default 3), derived from a fixed seed. */
  readonly validators?: number;
  /** What getBlockProof's forward links carry (default `ordinary`). */
  readonly signatures?: SignatureSetKind;
  /** An existing emulator; by default one is created whose account storage the chain can scan. */
  readonly blockchain?: Blockchain;
  /** Receives diagnostics (dropped messages). */
  readonly logger?: { warn(obj: object, msg: string): void };
  /**
   * How many of the latest masterchain blocks keep their states (and the shard states they commit)
   * for historical reads; older blocks keep their contents and transactions only. Default
   * DEFAULT_STATE_HISTORY; `Infinity` keeps every state.
   */
  readonly stateHistory?: number;
  /**
   * How many of the latest masterchain blocks keep their contents (cells, BoC, transactions) with
   * the shard blocks they commit; older ones keep their ids only, and key blocks stay whole. Default
   * `Infinity`: every block. A bound makes a long-running network's memory flat; states are kept for
   * at most as many blocks.
   */
  readonly blockHistory?: number;
}

/** ConfigParam 19 of the local network unless `globalId` says otherwise. */
export const DEFAULT_GLOBAL_ID = -217;
/** gen_utime of the zero state unless `startTime` says otherwise. */
export const DEFAULT_START_TIME = 1_700_000_000;
