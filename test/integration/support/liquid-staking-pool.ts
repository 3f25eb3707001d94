import { type Address, beginCell, internal, toNano, type TupleReader } from '@ton/core';
import { type LocalChain } from '@app/localnet';
import {
  changeAdminBody,
  liquidStakingPool,
  poolJettonMinter,
  poolTouchBody,
  setDepositSettingsBody,
} from './liquid-staking-contracts';
import { type Deployable } from './getgems-contracts';
import { SignedWallet } from './signed-wallet';

/** The pool's deployment value: its 10 TON storage reserve (never paid out) and funds to pay out at once. */
export const POOL_DEPLOY_VALUE = toNano('30');

/** The pool's accounting as get_pool_full_data answers it (the fields these specs compute with). */
export interface PoolAccounting {
  readonly totalBalance: bigint;
  readonly supply: bigint;
  readonly depositPayout: Address | null;
  readonly withdrawalPayout: Address | null;
  /** The conversion ratio a deposit is minted at (_get_projected_conversion_ratio). */
  readonly projectedBalance: bigint;
  readonly projectedSupply: bigint;
}

/**
 * A liquid-staking pool on a local chain: its governor (every role) and a staker, signed wallets
 * deployed beforehand, the pool jetton's minter handed over to the pool, and the pool deployed with
 * deposits open, not optimistic (deposits mint bills) until `setOptimistic`.
 */
export class LiquidStakingPool {
  private constructor(
    readonly chain: LocalChain,
    readonly governor: SignedWallet,
    readonly staker: SignedWallet,
    readonly minter: Deployable,
    readonly pool: Deployable,
  ) {}

  static async open(chain: LocalChain): Promise<LiquidStakingPool> {
    const treasury = (await chain.blockchain.treasury('liquid-staking-treasury')).address;
    const governor = SignedWallet.funded(chain, treasury, 'staking-governor', toNano('100'));
    const staker = SignedWallet.funded(chain, treasury, 'staking-staker', toNano('200'));
    await chain.settle();
    await staker.send([]);
    const minter = poolJettonMinter(governor.address, 'https://example.invalid/tston.json');
    const pool = liquidStakingPool({
      jettonMinter: minter.address,
      governor: governor.address,
      optimistic: false,
    });
    // the minter deployed straight to the pool as admin (change_admin is its governor's op)
    await governor.send([
      internal({
        to: minter.address,
        value: toNano('0.5'),
        init: minter.init,
        body: changeAdminBody(pool.address),
      }),
      internal({
        to: pool.address,
        value: POOL_DEPLOY_VALUE,
        init: pool.init,
        body: poolTouchBody(),
      }),
    ]);
    await chain.settle();
    return new LiquidStakingPool(chain, governor, staker, minter, pool);
  }

  /** The governor switches optimistic deposits and withdrawals on, deposits staying open. */
  async setOptimistic(): Promise<void> {
    await this.governor.send([
      internal({
        to: this.pool.address,
        value: toNano('0.1'),
        body: setDepositSettingsBody(true, true),
      }),
    ]);
    await this.chain.settle();
  }

  async accounting(): Promise<PoolAccounting> {
    const { stackReader: s } = await this.chain.blockchain.runGetMethod(
      this.pool.address,
      'get_pool_full_data',
    );
    // state halted total_balance interest_rate optimistic deposits_open saved_validator_set_hash
    // prev_round current_round min_loan max_loan governance_fee jetton_minter supply
    // deposit_payout requested_for_deposit withdrawal_payout requested_for_withdrawal … codes
    // projected_balance projected_supply (pool.func compose_pool_full_data_internal)
    skip(s, 2);
    const totalBalance = s.readBigNumber();
    skip(s, 9);
    const minter = s.readAddress();
    if (!minter.equals(this.minter.address)) {
      throw new Error('get_pool_full_data: not the layout expected');
    }
    const supply = s.readBigNumber();
    const depositPayout = s.readAddressOpt();
    skip(s, 1);
    const withdrawalPayout = s.readAddressOpt();
    skip(s, 11);
    return {
      totalBalance,
      supply,
      depositPayout,
      withdrawalPayout,
      projectedBalance: s.readBigNumber(),
      projectedSupply: s.readBigNumber(),
    };
  }

  /** The pool-jetton wallet of `owner` (the minter's get_wallet_address). */
  async jettonWallet(owner: Address): Promise<Address> {
    const { stackReader } = await this.chain.blockchain.runGetMethod(
      this.minter.address,
      'get_wallet_address',
      [{ type: 'slice', cell: beginCell().storeAddress(owner).endCell() }],
    );
    return stackReader.readAddress();
  }

  /** Bill `index` of a payout collection (its get_nft_address_by_index). */
  async bill(collection: Address, index: bigint): Promise<Address> {
    const { stackReader } = await this.chain.blockchain.runGetMethod(
      collection,
      'get_nft_address_by_index',
      [{ type: 'int', value: index }],
    );
    return stackReader.readAddress();
  }
}

function skip(s: TupleReader, n: number): void {
  for (let i = 0; i < n; i += 1) {
    s.pop();
  }
}
