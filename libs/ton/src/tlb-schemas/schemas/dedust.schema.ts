import {
  address,
  bits256,
  cell,
  choice,
  coins,
  inline,
  int,
  maybeCell,
  ref,
  rest,
  uint,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

// native$0000 = Asset; jetton$0001 workchain_id:int8 address:uint256 = Asset;
// extra_currency$0010 currency_id:int32 = Asset;
const asset = choice(4, {
  0: ['native', {}],
  1: ['jetton', { workchain_id: int(8), address: bits256 }],
  2: ['extra_currency', { currency_id: int(32) }],
});

// pool_params$_ pool_type:PoolType asset0:Asset asset1:Asset = PoolParams; (volatile$0 stable$1)
const poolParams = { pool_type: uint(1), asset0: asset, asset1: asset };

// step_params#_ kind:SwapKind limit:Coins next:(Maybe ^SwapStep) = SwapStepParams;
const stepParams = { kind: uint(1), limit: coins, next: maybeCell };

/** DeDust v2 vaults, pools and factory. */
export const DEDUST = {
  // swap#ea06185d query_id:uint64 amount:Coins _:SwapStep swap_params:^SwapParams = InMsgBody;
  // step#_ pool_addr:MsgAddressInt params:SwapStepParams = SwapStep; (user → native vault)
  swap: tlb('dedust_swap', 0xea06185d, {
    query_id: uint64,
    amount: coins,
    step: inline({ pool_addr: address, ...stepParams }),
    swap_params: cell,
  }),
  // swap#e3a0d482 _:SwapStep swap_params:^SwapParams = ForwardPayload; (jetton vault swap payload)
  swap_payload: tlb('dedust_swap_payload', 0xe3a0d482, {
    step: inline({ pool_addr: address, ...stepParams }),
    swap_params: cell,
  }),
  // swap_external#61ee542d query_id:uint64 proof:^Cell amount:Coins sender_addr:MsgAddressInt
  //   current:SwapStepParams swap_params:^SwapParams = InMsgBody; (vault → pool)
  swap_external: tlb('dedust_swap_external', 0x61ee542d, {
    query_id: uint64,
    proof: cell,
    amount: coins,
    sender_addr: address,
    current: inline(stepParams),
    swap_params: cell,
  }),
  // swap_peer#72aca8aa query_id:uint64 proof:^Cell asset:Asset amount:Coins sender_addr:MsgAddressInt
  //   current:SwapStepParams swap_params:^SwapParams = InMsgBody; (pool → next pool)
  swap_peer: tlb('dedust_swap_peer', 0x72aca8aa, {
    query_id: uint64,
    proof: cell,
    asset,
    amount: coins,
    sender_addr: address,
    current: inline(stepParams),
    swap_params: cell,
  }),
  // swap#9c610de3 asset_in:Asset asset_out:Asset amount_in:Coins amount_out:Coins
  //   ^[sender_addr:MsgAddressInt referral_addr:MsgAddress reserve0:Coins reserve1:Coins]
  //   = ExtOutMsgBody; (pool's swap log)
  swap_event: tlb('dedust_swap_event', 0x9c610de3, {
    asset_in: asset,
    asset_out: asset,
    amount_in: coins,
    amount_out: coins,
    details: ref({
      sender_addr: address,
      referral_addr: address,
      reserve0: coins,
      reserve1: coins,
    }),
  }),
  // payout#474f86cf query_id:uint64 payload:(Maybe ^Cell) = InMsgBody; (vault → user)
  payout: tlb('dedust_payout', 0x474f86cf, { query_id: uint64, payload: maybeCell }),
  // payout_from_pool#ad4eb6f5 query_id:uint64 proof:^Cell amount:Coins recipient_addr:MsgAddressInt
  //   payload:(Maybe ^Cell) = InMsgBody; (pool → vault)
  payout_from_pool: tlb('dedust_payout_from_pool', 0xad4eb6f5, {
    query_id: uint64,
    proof: cell,
    amount: coins,
    recipient_addr: address,
    payload: maybeCell,
  }),
  // deposit_liquidity#d55e4686 query_id:uint64 amount:Coins pool_params:PoolParams
  //   ^[min_lp_amount:Coins asset0_target_balance:Coins asset1_target_balance:Coins]
  //   fulfill_payload:(Maybe ^Cell) reject_payload:(Maybe ^Cell) = InMsgBody; (user → native vault)
  deposit_liquidity: tlb('dedust_deposit_liquidity', 0xd55e4686, {
    query_id: uint64,
    amount: coins,
    pool_params: inline(poolParams),
    params: ref({
      min_lp_amount: coins,
      asset0_target_balance: coins,
      asset1_target_balance: coins,
    }),
    fulfill_payload: maybeCell,
    reject_payload: maybeCell,
  }),
  // deposit_liquidity#40e108d6 pool_params:PoolParams min_lp_amount:Coins
  //   asset0_target_balance:Coins asset1_target_balance:Coins fulfill_payload:(Maybe ^Cell)
  //   reject_payload:(Maybe ^Cell) = ForwardPayload; (jetton vault deposit payload)
  deposit_liquidity_payload: tlb('dedust_deposit_liquidity_payload', 0x40e108d6, {
    pool_params: inline(poolParams),
    min_lp_amount: coins,
    asset0_target_balance: coins,
    asset1_target_balance: coins,
    fulfill_payload: maybeCell,
    reject_payload: maybeCell,
  }),
  // deposit_liquidity_all#b56b9598 query_id:uint64 proof:^Cell owner_addr:MsgAddressInt
  //   min_lp_amount:Coins ^[asset0:Asset asset0_amount:Coins asset1:Asset asset1_amount:Coins]
  //   fulfill_payload:(Maybe ^Cell) reject_payload:(Maybe ^Cell) = InMsgBody; (deposit → pool)
  deposit_liquidity_all: tlb('dedust_deposit_liquidity_all', 0xb56b9598, {
    query_id: uint64,
    proof: cell,
    owner_addr: address,
    min_lp_amount: coins,
    balances: ref({ asset0: asset, asset0_amount: coins, asset1: asset, asset1_amount: coins }),
    fulfill_payload: maybeCell,
    reject_payload: maybeCell,
  }),
  // The factory / deposit-contract plumbing: query_id:uint64 then fields not modelled (`rest`).
  // ask_liquidity#f04ec526 (vault → factory)
  ask_liquidity: tlb('dedust_ask_liquidity', 0xf04ec526, { query_id: uint64, rest }),
  // deploy_deposit#9b3aa3fa (factory → deposit contract)
  deploy_deposit: tlb('dedust_deploy_deposit', 0x9b3aa3fa, { query_id: uint64, rest }),
  // top_up_deposit#54240fe5 (factory → deposit contract)
  top_up_deposit: tlb('dedust_top_up_deposit', 0x54240fe5, { query_id: uint64, rest }),
  // reject_deposit#e1a36cd4 (pool → deposit contract)
  reject_deposit: tlb('dedust_reject_deposit', 0xe1a36cd4, { query_id: uint64, rest }),
  // destroy_deposit#aae79256 (deposit contract, returning its balance)
  destroy_deposit: tlb('dedust_destroy_deposit', 0xaae79256, { query_id: uint64, rest }),
  // return_excess#6b0b787f (deposit contract → vault)
  return_excess: tlb('dedust_return_excess', 0x6b0b787f, { query_id: uint64, rest }),
};

export const DEDUST_SCHEMAS: readonly TlbConstructor[] = Object.values(DEDUST);
