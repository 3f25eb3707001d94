import type { Blockchain } from '@ton/sandbox';
import type { Address, Cell, Message } from '@ton/core';

/**
 * What a seed needs from the local chain. The chain (LocalChain) puts every submitted message into its
 * blocks, so what a seed does shows up as ordinary transactions; a seed therefore never calls
 * `blockchain.sendMessage` itself.
 */
export interface SeedContext {
  /** Read states, create treasuries, load config and libraries; do NOT call blockchain.sendMessage. */
  readonly blockchain: Blockchain;
  /** Queue a message (an external-in, or an internal one from a sandbox-owned address) for the next blocks. */
  submit(message: Message): void;
  /** Seal blocks until every queued message, and every message it caused, has landed. */
  settle(): Promise<void>;
  /**
   * Optional: install a network config (a config dictionary root) as the base of the chain's own. A chain
   * that signs its blocks derives its config from a base (its global id in param 19, its validators in
   * param 34), so it must adapt a foreign config rather than take it whole; without this method the seed
   * calls `blockchain.setConfig` directly.
   */
  setBaseConfig?(config: Cell): void;
}

export type WalletVersion = 'v3r2' | 'v4r2' | 'v5r1';

export type SeedAccountKind =
  | 'treasury'
  | 'wallet'
  | 'jetton-minter'
  | 'jetton-wallet'
  | 'nft-collection'
  | 'nft-item'
  | 'nft-sale'
  | 'dns-item'
  | 'vesting-wallet'
  | 'multisig'
  | 'multisig-order'
  | 'unknown';

/** A named account a seed created or loaded, with what a client needs to use it (keys for wallets). */
export interface SeedAccount {
  readonly name: string;
  readonly kind: SeedAccountKind;
  readonly address: Address;
  readonly walletVersion?: WalletVersion;
  readonly publicKey?: Buffer;
  readonly secretKey?: Buffer;
  readonly mnemonic?: string[];
  readonly walletId?: number;
  /** For Jetton wallets: the minter. */
  readonly jettonMaster?: Address;
  /**
   * For Jetton wallets, NFT items, the NFT collection, the DNS item and the vesting wallet: the owner;
   * for NFT sales: the seller.
   */
  readonly owner?: Address;
  /** For NFT items: the index in the collection; for multisig orders: the order seqno. */
  readonly index?: bigint;
}

export interface Seed {
  readonly name: 'genesis' | 'mainnet-replay';
  run(ctx: SeedContext): Promise<SeedAccount[]>;
}
