/**
 * The liquid-staking pool that Tonstakers runs (https://github.com/ton-blockchain/liquid-staking-contract,
 * MIT), compiled from its source: the pool, its DAO jetton minter and wallet (the pool jetton), the
 * payout NFT collection (deposit and withdrawal bills) and the validator controller, kept in
 * fixtures/contracts/liquid-staking with their provenance (fixtures/README.md). The storage and
 * message layouts below are the ones those contracts read (pool_storage.func, jetton-minter.func,
 * jetton-wallet.func, op-codes.func of that repository).
 */
import { type Address, beginCell, Cell, contractAddress, type StateInit } from '@ton/core';
import { readFixture } from '@app/testing';
import { type Deployable } from './getgems-contracts';

export type LiquidStakingContract =
  'pool' | 'jetton-minter' | 'jetton-wallet' | 'payout-nft-collection' | 'controller';

/** The code cell of a liquid-staking contract, from its fixture. */
export function liquidStakingCode(name: LiquidStakingContract): Cell {
  const [code] = Cell.fromBoc(readFixture('contracts', 'liquid-staking', `${name}.boc`));
  if (code === undefined) {
    throw new Error(`fixture ${name}.boc holds no cell`);
  }
  return code;
}

const inBasechain = (init: StateInit): Deployable => ({
  init,
  address: contractAddress(0, init),
});

/** What the pool keeps of every deposit (pool.func DEPOSIT_FEE). */
export const POOL_DEPOSIT_FEE = 1_000_000_000n;

/**
 * The DAO jetton minter: total_supply:Coins admin:MsgAddress content:^Cell voting_id:uint64
 * voting_code:^Cell. No voting is started here, so the voting code is an empty cell; the admin is
 * the deployer until it hands the minter over to the pool (change_admin).
 */
export function poolJettonMinter(admin: Address, contentUri: string): Deployable {
  const content = beginCell().storeUint(1, 8).storeStringTail(contentUri).endCell();
  const data = beginCell()
    .storeCoins(0)
    .storeAddress(admin)
    .storeRef(content)
    .storeUint(0, 64)
    .storeRef(beginCell().endCell())
    .endCell();
  return inBasechain({ code: liquidStakingCode('jetton-minter'), data });
}

/** An empty lending round: borrowers:(HashmapE) round_id:uint32 active_borrowers:uint32 borrowed,
 *  expected, returned:Coins profit:(sign:uint1 Coins). */
function emptyRound(): Cell {
  return beginCell()
    .storeUint(0, 1)
    .storeUint(0, 32)
    .storeUint(0, 32)
    .storeCoins(0)
    .storeCoins(0)
    .storeCoins(0)
    .storeUint(0, 1)
    .storeCoins(0)
    .endCell();
}

/** A share (uint24 of 2^24): the pool's interest rate and governance fee unit. */
const share = (numerator: number, denominator: number): number =>
  Math.floor((numerator * 2 ** 24) / denominator);

export interface PoolConfig {
  readonly jettonMinter: Address;
  /** One address for every role (sudoer, governor, interest manager, halter, approver). */
  readonly governor: Address;
  /** Whether deposits mint pool jettons at once and withdrawals pay at once when funds allow. */
  readonly optimistic: boolean;
}

/**
 * A fresh pool in state NORMAL, not halted, with no balance or supply, no payout collections, its
 * deposits open: the storage load_data of pool_storage.func reads (state:uint8 halted:int1
 * total_balance:Coins minters:^(jetton_minter supply:Coins deposit_payout:(Maybe) withdrawal_payout:
 * (Maybe)) interest_rate:uint24 optimistic:int1 deposits_open:int1 saved_validator_set_hash:uint256
 * rounds:^(^prev ^current) min_loan:Coins max_loan:Coins governance_fee:uint24 roles:^(sudoer
 * sudoer_set_at:uint48 governor governor_update_after:uint48 interest_manager ^(halter approver))
 * codes:^(^controller ^pool_jetton_wallet ^payout_collection)).
 */
export function liquidStakingPool(config: PoolConfig): Deployable {
  const minters = beginCell()
    .storeAddress(config.jettonMinter)
    .storeCoins(0)
    .storeUint(0, 1)
    .storeUint(0, 1)
    .endCell();
  const roles = beginCell()
    .storeAddress(config.governor)
    .storeUint(0, 48)
    .storeAddress(config.governor)
    .storeUint(0xffffffffffff, 48)
    .storeAddress(config.governor)
    .storeRef(beginCell().storeAddress(config.governor).storeAddress(config.governor).endCell())
    .endCell();
  const codes = beginCell()
    .storeRef(liquidStakingCode('controller'))
    .storeRef(liquidStakingCode('jetton-wallet'))
    .storeRef(liquidStakingCode('payout-nft-collection'))
    .endCell();
  const data = beginCell()
    .storeUint(0, 8)
    .storeInt(0, 1)
    .storeCoins(0)
    .storeRef(minters)
    .storeUint(share(1, 100), 24)
    .storeInt(config.optimistic ? -1 : 0, 1)
    .storeInt(-1, 1)
    .storeUint(0, 256)
    .storeRef(beginCell().storeRef(emptyRound()).storeRef(emptyRound()).endCell())
    .storeCoins(100_000_000_000n)
    .storeCoins(1_000_000_000_000_000n)
    .storeUint(share(1, 10), 24)
    .storeRef(roles)
    .storeRef(codes)
    .endCell();
  return inBasechain({ code: liquidStakingCode('pool'), data });
}

/** The pool's operations (op-codes.func) and the DAO jetton's (jetton_dao op-codes.func). */
const OP = {
  deposit: 0x47d54391,
  touch: 0x4bc7c2df,
  setDepositSettings: 0x9bf5561c,
  changeAdmin: 0x4840664f,
  burn: 0x595f07bc,
} as const;

/** deposit#47d54391 query_id:uint64: a user's deposit, its value less the fee staked. */
export function poolDepositBody(queryId: bigint): Cell {
  return beginCell().storeUint(OP.deposit, 32).storeUint(queryId, 64).endCell();
}

/** touch#4bc7c2df query_id:uint64: the pool only rotates its round and saves (deploys it here). */
export function poolTouchBody(): Cell {
  return beginCell().storeUint(OP.touch, 32).storeUint(0, 64).endCell();
}

/** set_deposit_settings#9bf5561c query_id optimistic:Bool deposits_open:Bool (governor only). */
export function setDepositSettingsBody(optimistic: boolean, depositsOpen: boolean): Cell {
  return beginCell()
    .storeUint(OP.setDepositSettings, 32)
    .storeUint(0, 64)
    .storeBit(optimistic)
    .storeBit(depositsOpen)
    .endCell();
}

/** change_admin#4840664f query_id new_admin:MsgAddress: the minter handed over to the pool. */
export function changeAdminBody(newAdmin: Address): Cell {
  return beginCell()
    .storeUint(OP.changeAdmin, 32)
    .storeUint(0, 64)
    .storeAddress(newAdmin)
    .endCell();
}

/**
 * burn#595f07bc query_id amount:Coins response_destination custom_payload:(Maybe ^Cell) to the
 * holder's pool-jetton wallet. The pool reads the custom payload as wait_till_round_end:Bool
 * fill_or_kill:Bool: without waiting it pays at once when it can, else it mints a withdrawal bill.
 */
export function poolJettonBurnBody(args: {
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly responseDestination: Address;
  readonly waitTillRoundEnd: boolean;
}): Cell {
  const payload = beginCell().storeBit(args.waitTillRoundEnd).storeBit(false).endCell();
  return beginCell()
    .storeUint(OP.burn, 32)
    .storeUint(args.queryId, 64)
    .storeCoins(args.amount)
    .storeAddress(args.responseDestination)
    .storeMaybeRef(payload)
    .endCell();
}
