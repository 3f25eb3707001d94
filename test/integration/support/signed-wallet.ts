import { createHash } from 'node:crypto';
import { type Address, type MessageRelaxed, SendMode } from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { type LocalChain } from '@app/localnet';
import { externalMessage } from './external-message';
import { fromTreasury } from './treasury-message';

/**
 * A v4r2 wallet with a fixed key (from `label`) on a local chain: each send is a real signed
 * external message, so the traces it starts are rooted in a wallet transaction as on mainnet.
 */
export class SignedWallet {
  private seqno = 0;

  private constructor(
    private readonly chain: LocalChain,
    private readonly wallet: WalletContractV4,
    private readonly keys: KeyPair,
  ) {}

  /** The wallet of `label`, funded with `value` by `treasury` (the funding lands at the next seal). */
  static funded(chain: LocalChain, treasury: Address, label: string, value: bigint): SignedWallet {
    const keys = keyPairFromSeed(createHash('sha256').update(label).digest());
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
    chain.submit(fromTreasury(treasury, wallet.address, value));
    return new SignedWallet(chain, wallet, keys);
  }

  get address(): Address {
    return this.wallet.address;
  }

  /** The wallet's raw address as the tables store it (`0:UPPERHEX`). */
  get raw(): string {
    return this.wallet.address.toRawString().toUpperCase();
  }

  /** Signs `messages` (fees paid apart from the values) and queues them for the next block. */
  async send(messages: MessageRelaxed[]): Promise<void> {
    const body = this.wallet.createTransfer({
      seqno: this.seqno,
      secretKey: this.keys.secretKey,
      messages,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
    });
    const init = this.seqno === 0 ? this.wallet.init : undefined;
    this.seqno += 1;
    await this.chain.sendMessage(externalMessage(this.wallet.address, body, init));
  }
}
