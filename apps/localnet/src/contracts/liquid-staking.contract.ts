import { type Address, beginCell, type Cell, type ContractProvider, type Sender } from '@ton/core';

import { contractCode } from './compile-contract';
import { JettonMinter } from './jetton-minter.contract';
import { LocalContract, sendInternal } from './local-contract';

/** TONStakers' pool opcodes, and the local one that names the pool's minter and bill collection. */
export const StakingOp = {
  deposit: 0x47d54391,
  withdraw: 0x319b0cdc,
  withdrawal: 0x0a77535c,
  payoutMint: 0x1674b0a0,
  billInit: 0x132f9a45,
  startDistribution: 0x1140a64f,
  distributedAsset: 0xdb3b8abd,
  setContracts: 0x5c0a1e01,
  endRound: 0x5c0a1e02,
} as const;

/** What the pool keeps of each deposit; the rest is minted as the pool jetton, one per nanoton. */
export const STAKING_DEPOSIT_FEE = 1_000_000_000n;

export interface StakingPoolConfig {
  readonly owner: Address;
  /** Withdrawals up to this are paid at once; larger ones get a withdrawal bill. */
  readonly maxImmediate: bigint;
}

/** get_pool_data of the local pool. */
export interface StakingPoolData {
  readonly owner: Address;
  readonly minter: Address | null;
  readonly bills: Address | null;
  readonly maxImmediate: bigint;
  /** What the bills minted since the last distribution stand for. */
  readonly owed: bigint;
}

/**
 * The local liquid staking pool (FunC source in ./func/liquid-staking.fc.ts), deployed without its
 * minter and bill collection, which its owner names once they are deployed (`sendSetContracts`).
 */
export class StakingPool extends LocalContract {
  /** Storage: owner:MsgAddress minter:MsgAddress bills:MsgAddress max_immediate:Coins owed:Coins. */
  static async createFromConfig(config: StakingPoolConfig, workchain = 0): Promise<StakingPool> {
    const code = await contractCode('staking-pool');
    const data = beginCell()
      .storeAddress(config.owner)
      .storeAddress(null)
      .storeAddress(null)
      .storeCoins(config.maxImmediate)
      .storeCoins(0)
      .endCell();
    return StakingPool.fromInit(code, data, workchain);
  }

  /** set_contracts#5c0a1e01 query_id:uint64 minter:MsgAddress bills:MsgAddress (local). */
  async sendSetContracts(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    contracts: { minter: Address; bills: Address },
  ): Promise<void> {
    const body = beginCell()
      .storeUint(StakingOp.setContracts, 32)
      .storeUint(0, 64)
      .storeAddress(contracts.minter)
      .storeAddress(contracts.bills)
      .endCell();
    await sendInternal(provider, via, value, body);
  }

  /** end_round#5c0a1e02 query_id:uint64 (local): the bill collection is paid and burns the bills. */
  async sendEndRound(provider: ContractProvider, via: Sender, value: bigint): Promise<void> {
    const body = beginCell().storeUint(StakingOp.endRound, 32).storeUint(0, 64).endCell();
    await sendInternal(provider, via, value, body);
  }

  /** deposit#47d54391 query_id:uint64: `value` less the deposit fee is staked. */
  async sendDeposit(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    queryId = 0n,
  ): Promise<void> {
    const body = beginCell().storeUint(StakingOp.deposit, 32).storeUint(queryId, 64).endCell();
    await sendInternal(provider, via, value, body);
  }

  async getPoolData(provider: ContractProvider): Promise<StakingPoolData> {
    const { stack } = await provider.get('get_pool_data', []);
    return {
      owner: stack.readAddress(),
      minter: stack.readAddressOpt(),
      bills: stack.readAddressOpt(),
      maxImmediate: stack.readBigNumber(),
      owed: stack.readBigNumber(),
    };
  }
}

/**
 * The pool jetton's minter: the local TEP-74 minter's storage and get-methods (so JettonMinter reads
 * it), minting on the pool's mint#1674b0a0 and asking the pool to withdraw on a burn.
 */
export function stakingMinter(pool: Address, content: Cell): Promise<JettonMinter> {
  return JettonMinter.createFromConfig({ admin: pool, content }, 0, 'staking-minter');
}

/** The collection of withdrawal bills (TEP-62 get-methods), minting a bill on the pool's mint#1674b0a0. */
export class WithdrawalBills extends LocalContract {
  /** Storage: pool:MsgAddress next_index:uint64 burned_until:uint64 bill_code:^Cell. */
  static async createFor(pool: Address, workchain = 0): Promise<WithdrawalBills> {
    const [code, billCode] = await Promise.all([
      contractCode('withdrawal-bills'),
      contractCode('withdrawal-bill'),
    ]);
    const data = beginCell()
      .storeAddress(pool)
      .storeUint(0, 64)
      .storeUint(0, 64)
      .storeRef(billCode)
      .endCell();
    return WithdrawalBills.fromInit(code, data, workchain);
  }

  async getNftAddressByIndex(provider: ContractProvider, index: bigint): Promise<Address> {
    const { stack } = await provider.get('get_nft_address_by_index', [
      { type: 'int', value: index },
    ]);
    return stack.readAddress();
  }
}
