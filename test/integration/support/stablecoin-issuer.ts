import { type Address, type Cell, internal, toNano } from '@ton/core';
import { type LocalChain } from '@app/localnet';
import { type Deployable } from './getgems-contracts';
import { SignedWallet } from './signed-wallet';
import { stablecoinMinter, stablecoinWallet, topUpBody } from './stablecoin-contracts';

/**
 * What the admin deploys the minter with: the minter keeps 1 TON (raw_reserve(ONE_TON) before each
 * mint, contracts/jetton-minter.fc) and pays the mint's forward fees from the rest.
 */
export const MINTER_DEPLOY_VALUE = toNano('1.5');

/**
 * A stablecoin jetton on a local chain: its admin (a signed wallet, the minter's admin_address) and
 * holders, each deployed beforehand, and the minter the admin deployed (so a later trace holds only
 * the operation under test).
 */
export class StablecoinIssuer {
  private constructor(
    readonly chain: LocalChain,
    readonly admin: SignedWallet,
    readonly holders: readonly SignedWallet[],
    readonly minter: Deployable,
  ) {}

  static async open(chain: LocalChain, holderLabels: readonly string[]): Promise<StablecoinIssuer> {
    const treasury = (await chain.blockchain.treasury('stablecoin-treasury')).address;
    const [admin, ...holders] = ['admin', ...holderLabels].map((label) =>
      SignedWallet.funded(chain, treasury, `stablecoin-${label}`, toNano('100')),
    );
    if (!admin) {
      throw new Error('no admin wallet');
    }
    await chain.settle();
    for (const w of holders) {
      await w.send([]);
    }
    const minter = stablecoinMinter(admin.address, 'https://example.invalid/stablecoin.json');
    await admin.send([
      internal({
        to: minter.address,
        value: MINTER_DEPLOY_VALUE,
        init: minter.init,
        body: topUpBody(),
        bounce: false,
      }),
    ]);
    await chain.settle();
    return new StablecoinIssuer(chain, admin, holders, minter);
  }

  /** The jetton wallet of `owner`, as the minter derives it. */
  walletOf(owner: Address): Deployable {
    return stablecoinWallet(owner, this.minter.address);
  }

  /** The admin sends `body` to the minter with `value`, and the chain settles. */
  async adminToMinter(body: Cell, value: bigint): Promise<void> {
    await this.admin.send([internal({ to: this.minter.address, value, body })]);
    await this.chain.settle();
  }
}
