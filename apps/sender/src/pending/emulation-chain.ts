import { type Address, type Cell } from '@ton/core';

/** The masterchain head an emulation runs on: its config and time, as the collator would use them. */
export interface EmulationHead {
  readonly seqno: number;
  readonly utime: number;
  /** `Hashmap 32 ^Cell` root of the config, as the emulator takes it (base64 BoC). */
  readonly configBoc: string;
  /** ConfigParam 8 version: since 12 the former ihr_fee field of messages is extra_flags. */
  readonly globalVersion: number;
}

/**
 * The chain as one emulation sees it: the head, and account states and library cells at that head.
 * The sender reads them from liteservers (liteserver-chain.ts); tests may read a sandbox.
 */
export interface EmulationChain {
  readonly head: EmulationHead;
  /** `ShardAccount` of `address` at the head (`account_none$0` inside when it does not exist). */
  shardAccount(address: Address): Promise<Cell>;
  /** Library cells by hash (hex); unknown hashes are absent. */
  libraries(hashes: readonly Buffer[]): Promise<Map<string, Cell>>;
}
