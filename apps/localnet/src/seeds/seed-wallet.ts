import { type Address, type Cell, external, type MessageRelaxed, SendMode } from '@ton/core';
import type { KeyPair } from '@ton/crypto';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';

import { deterministicWalletKey } from './deterministic-mnemonic';
import type { SeedAccount, SeedContext, WalletVersion } from './seed-context';

/**
 * valid_until of every seed transfer. Wallets reject a message once now() passes it; a fixed, far value
 * (2096-10-02) keeps the external messages, and so their hashes, identical on every run.
 */
export const SEED_VALID_UNTIL = 4_000_000_000;

type VersionedContract =
  | { readonly version: 'v3r2'; readonly contract: WalletContractV3R2 }
  | { readonly version: 'v4r2'; readonly contract: WalletContractV4 }
  | { readonly version: 'v5r1'; readonly contract: WalletContractV5R1 };

function openWallet(version: WalletVersion, publicKey: Buffer): VersionedContract {
  switch (version) {
    case 'v3r2':
      return { version, contract: WalletContractV3R2.create({ workchain: 0, publicKey }) };
    case 'v4r2':
      return { version, contract: WalletContractV4.create({ workchain: 0, publicKey }) };
    case 'v5r1':
      return { version, contract: WalletContractV5R1.create({ workchain: 0, publicKey }) };
  }
}

/**
 * The wallet_id a wallet stores in its data: v3/v4 `seqno:uint32 wallet_id:uint32 public_key:bits256 ...`,
 * v5r1 `is_signature_allowed:Bool seqno:uint32 wallet_id:uint32 public_key:bits256 extensions:(HashmapE ...)`.
 */
export function storedWalletId(version: WalletVersion, data: Cell): number {
  const slice = data.beginParse();
  slice.skip(version === 'v5r1' ? 33 : 32);
  return slice.loadUint(32);
}

/**
 * A wallet the seed signs for. Every action is a real signed external message, built with @ton/ton's
 * createTransfer and queued on the chain; the first one carries the StateInit, which deploys the wallet.
 * The seqno is counted here (the seed is the wallet's only user) and checked on chain by the seed.
 */
export class SeedWallet {
  private seqno = 0;

  private constructor(
    readonly name: string,
    private readonly wallet: VersionedContract,
    private readonly keyPair: KeyPair,
    readonly mnemonic: string[],
  ) {}

  /** A wallet whose keys derive from `label` (see deterministicMnemonic). */
  static async fromLabel(name: string, version: WalletVersion, label: string): Promise<SeedWallet> {
    const { mnemonic, keyPair } = await deterministicWalletKey(label);
    return new SeedWallet(name, openWallet(version, keyPair.publicKey), keyPair, mnemonic);
  }

  get address(): Address {
    return this.wallet.contract.address;
  }

  get version(): WalletVersion {
    return this.wallet.version;
  }

  /** The seqno the next transfer will carry (= the on-chain seqno once everything settled). */
  get nextSeqno(): number {
    return this.seqno;
  }

  get walletId(): number {
    return storedWalletId(this.wallet.version, this.wallet.contract.init.data);
  }

  /** Signs a transfer of `messages` and queues it as an external-in message to this wallet. */
  transfer(ctx: SeedContext, messages: MessageRelaxed[]): void {
    const body = this.sign(messages);
    ctx.submit(
      external({
        to: this.address,
        init: this.seqno === 0 ? this.wallet.contract.init : null,
        body,
      }),
    );
    this.seqno += 1;
  }

  private sign(messages: MessageRelaxed[]): Cell {
    const args = {
      seqno: this.seqno,
      secretKey: this.keyPair.secretKey,
      messages,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      timeout: SEED_VALID_UNTIL,
    };
    switch (this.wallet.version) {
      case 'v3r2':
        return this.wallet.contract.createTransfer(args);
      case 'v4r2':
        return this.wallet.contract.createTransfer(args);
      case 'v5r1':
        return this.wallet.contract.createTransfer(args);
    }
  }

  toAccount(): SeedAccount {
    return {
      name: this.name,
      kind: 'wallet',
      address: this.address,
      walletVersion: this.wallet.version,
      walletId: this.walletId,
      publicKey: this.keyPair.publicKey,
      secretKey: this.keyPair.secretKey,
      mnemonic: [...this.mnemonic],
    };
  }
}
