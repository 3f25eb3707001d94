import { createHash } from 'node:crypto';
import { beginCell, external, internal, storeMessage, toNano } from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { type Localnet } from '@app/localnet';
import { fromTreasury } from './treasury-message';

interface TrafficWallet {
  readonly wallet: WalletContractV4;
  readonly keys: KeyPair;
  seqno: number;
}

/**
 * Deterministic traffic on a manual-mode localnet: `count` v4 wallets (fixed keys) funded by a
 * treasury, then rounds in which every wallet pays the next one. With two shards the wallets sit on
 * both, so messages cross shards and land in later blocks, as on mainnet.
 */
export class WalletTraffic {
  private constructor(
    private readonly localnet: Localnet,
    private readonly wallets: TrafficWallet[],
  ) {}

  static async fund(localnet: Localnet, count: number, label = 'ingest'): Promise<WalletTraffic> {
    const { chain } = localnet;
    const treasury = await chain.blockchain.treasury(`${label}-treasury`);
    const wallets = Array.from({ length: count }, (_, i) => {
      const keys = keyPairFromSeed(
        createHash('sha256')
          .update(`${label}-wallet-${String(i)}`)
          .digest(),
      );
      return {
        wallet: WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }),
        keys,
        seqno: 0,
      };
    });
    for (const w of wallets) {
      chain.submit(fromTreasury(treasury.address, w.wallet.address, toNano('100')));
    }
    await chain.settle();
    return new WalletTraffic(localnet, wallets);
  }

  /** The wallets' raw addresses as the tables store them (`0:UPPERHEX`). */
  get addresses(): string[] {
    return this.wallets.map((w) =>
      w.wallet.address.toRawString().toUpperCase().replace(/^0:/, '0:'),
    );
  }

  /** One round: every wallet sends 0.01 TON to the next one; blocks are sealed until all landed. */
  async round(): Promise<void> {
    await this.send();
    await this.localnet.chain.settle();
  }

  /** Every wallet sends 0.01 TON to the next one; the messages wait for the next block. */
  async send(): Promise<void> {
    const { chain } = this.localnet;
    await Promise.all(
      this.wallets.map((w, i) => {
        const to = this.wallets[(i + 1) % this.wallets.length]!.wallet.address;
        const body = w.wallet.createTransfer({
          seqno: w.seqno,
          secretKey: w.keys.secretKey,
          messages: [internal({ to, value: toNano('0.01'), bounce: false })],
        });
        const init = w.seqno === 0 ? w.wallet.init : undefined;
        w.seqno += 1;
        const msg = external({ to: w.wallet.address, init, body });
        return chain.sendMessage(beginCell().store(storeMessage(msg)).endCell());
      }),
    );
  }
}
