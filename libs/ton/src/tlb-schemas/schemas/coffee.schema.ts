import {
  address,
  bits256,
  cell,
  choice,
  coins,
  inline,
  int,
  maybe,
  maybeCell,
  ref,
  rest,
  uint,
  uint32,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

// native$00 = Asset; jetton$01 chain:int8 hash:uint256 = Asset; extra$10 id:uint32 = Asset;
const asset = choice(2, {
  0: ['native', {}],
  1: ['jetton', { chain: int(8), hash: bits256 }],
  2: ['extra', { id: uint32 }],
});

// pool_params$_ first:Asset second:Asset amm:(## 3) amm_settings:(Maybe ^Cell) = PoolParams;
const poolParams = {
  first: asset,
  second: asset,
  amm: uint(3),
  amm_settings: maybeCell,
};

// pool_reserves input_reserve:Coins output_reserve:Coins = PoolReserves;
const poolReserves = inline({ input_reserve: coins, output_reserve: coins });

// pool_creation_params public:PublicPoolCreationParams private:PrivatePoolCreationParams
//   = PoolCreationParams;
// public_pool_creation_params recipient:MsgAddressInt use_recipient_on_failure:int1
//   notification_data:(Maybe ^NotificationData) = PublicPoolCreationParams;
// private_pool_creation_params is_active:uint1 extra_settings:(Maybe ^Cell)
//   = PrivatePoolCreationParams;
const poolCreationParams = {
  public: inline({
    recipient: address,
    use_recipient_on_failure: int(1),
    notification_data: maybeCell,
  }),
  private: inline({ is_active: uint(1), extra_settings: maybeCell }),
};

/** `query_id:uint64` then fields this registry does not model, kept as `rest`. */
const queryAndRest = { query_id: uint64, rest };

/**
 * swap.coffee DEX: vaults, pools, liquidity depositories and staking. The layouts are those
 * toncenter's classifier reads (ton-indexer `indexer/events/blocks/messages/coffee.py`, each class
 * citing its TL-B); `rest` stands where a layout is not modelled.
 */
export const COFFEE = {
  // swap_native#c0ffee00 query_id:uint64 amount:Coins ... = InMsgBody; (user → native vault)
  swap: tlb('coffee_swap', 0xc0ffee00, { query_id: uint64, amount: coins, rest }),
  // swap_internal#c0ffee20 query_id:uint64 ... (vault → pool)
  swap_internal: tlb('coffee_swap_internal', 0xc0ffee20, queryAndRest),
  // payout_internal#c0ffee21 query_id:uint64 recipient:MsgAddressInt amount:Coins ... (pool → vault)
  payout_internal: tlb('coffee_payout_internal', 0xc0ffee21, {
    query_id: uint64,
    recipient: address,
    amount: coins,
    rest,
  }),
  // deploy#c0ffee22 query_id:uint64 ...
  deploy: tlb('coffee_deploy', 0xc0ffee22, queryAndRest),
  // create_pool_creator_request#c0ffee23 query_id:uint64 ...
  create_pool_creator_request: tlb('coffee_create_pool_creator_request', 0xc0ffee23, queryAndRest),
  // create_pool_request#c0ffee25 query_id:uint64 amount1:Coins amount2:Coins
  //   tx_initiator:MsgAddressInt creation_params:^PoolCreationParams proof:^Cell
  //   = CreatePoolRequest;
  create_pool_request: tlb('coffee_create_pool_request', 0xc0ffee25, {
    query_id: uint64,
    amount1: coins,
    amount2: coins,
    tx_initiator: address,
    creation_params: ref(poolCreationParams),
    proof: cell,
  }),
  // create_liquidity_depository_request#c0ffee27 query_id:uint64 amount:Coins
  //   params:^DepositLiquidityParamsTrimmed pool_params:^PoolParams sender:MsgAddressInt
  //   proof:^Cell = CreateLiquidityDepositoryRequest;
  create_liquidity_depository_request: tlb(
    'coffee_create_liquidity_depository_request',
    0xc0ffee27,
    {
      query_id: uint64,
      amount: coins,
      params: cell,
      pool_params: ref(poolParams),
      sender: address,
      proof: cell,
    },
  ),
  // deposit_liquidity_internal#c0ffee29 query_id:uint64 ...
  deposit_liquidity_internal: tlb('coffee_deposit_liquidity_internal', 0xc0ffee29, queryAndRest),
  // swap_successful_event#c0ffee30 query_id:uint64 input:Asset input_amount:Coins
  //   output_amount:Coins ... = ExtOutMsgBody;
  swap_succeeded: tlb('coffee_swap_succeeded', 0xc0ffee30, {
    query_id: uint64,
    input: asset,
    input_amount: coins,
    output_amount: coins,
    rest,
  }),
  // payout#c0ffee32 query_id:uint64 ... (vault → user)
  payout: tlb('coffee_payout', 0xc0ffee32, queryAndRest),
  // deposit_liquidity_successful_event#c0ffee33 query_id:uint64 amount1:Coins amount2:Coins
  //   lp_amount:Coins total_supply:PoolReserves reserves:PoolReserves
  //   = DepositLiquiditySuccessfulEvent;
  deposit_liquidity_succeeded: tlb('coffee_deposit_liquidity_succeeded', 0xc0ffee33, {
    query_id: uint64,
    amount1: coins,
    amount2: coins,
    lp_amount: coins,
    total_supply: poolReserves,
    reserves: poolReserves,
  }),
  // liquidity_withdrawal_event#c0ffee35 query_id:uint64 amount1:Coins amount2:Coins lp_amount:Coins
  //   total_supply:PoolReserves reserves:PoolReserves = LiquidityWithdrawalEvent;
  withdraw_liquidity_succeeded: tlb('coffee_withdraw_liquidity_succeeded', 0xc0ffee35, {
    query_id: uint64,
    amount1: coins,
    amount2: coins,
    lp_amount: coins,
    total_supply: poolReserves,
    reserves: poolReserves,
  }),
  // notification#c0ffee36 query_id:uint64 ...
  notification: tlb('coffee_notification', 0xc0ffee36, queryAndRest),
  // create_pool_native#c0ffee02 query_id:uint64 amount:Coins params:PoolParams
  //   creation_params:PoolCreationParams = InMsgBody;
  create_pool: tlb('coffee_create_pool', 0xc0ffee02, {
    query_id: uint64,
    amount: coins,
    params: inline(poolParams),
    creation_params: inline(poolCreationParams),
  }),
  // create_pool_extra#c0ffee03 query_id:uint64 ...
  create_pool_extra: tlb('coffee_create_pool_extra', 0xc0ffee03, queryAndRest),
  // deposit_liquidity_native#c0ffee04 query_id:uint64 amount:Coins ...
  deposit_liquidity: tlb('coffee_deposit_liquidity', 0xc0ffee04, {
    query_id: uint64,
    amount: coins,
    rest,
  }),
  // create_vault#c0ffee06 query_id:uint64 asset:Asset = InMsgBody;
  create_vault: tlb('coffee_create_vault', 0xc0ffee06, { query_id: uint64, asset, rest }),
  // create_pool_jetton#c0ffee11 params:PoolParams creation_params:PoolCreationParams = ForwardPayload;
  create_pool_jetton: tlb('coffee_create_pool_jetton', 0xc0ffee11, {
    params: inline(poolParams),
    creation_params: inline(poolCreationParams),
  }),
  // service_fee#c0ffeea0 query_id:uint64 ...
  service_fee: tlb('coffee_service_fee', 0xc0ffeea0, queryAndRest),
  // mev_protect_hold_funds#6bc79e7e query_id:uint64 ...
  mev_protect_hold_funds: tlb('coffee_mev_protect_hold_funds', 0x6bc79e7e, queryAndRest),
  // notification payload#b216d31f ... (the deposit notification's inner message; not modelled)
  deposit_notification: tlb('coffee_deposit_notification', 0xb216d31f, { rest }),
  // staking_deposit#f9471134 query_id:uint64 ... (a staking lock in a jetton transfer)
  staking_deposit: tlb('coffee_staking_deposit', 0xf9471134, queryAndRest),
  // staking_claim_rewards#b30c7310 query_id:uint64 jetton_wallet:MsgAddressInt jetton_amount:Coins
  //   receiver:MsgAddressInt payload:(Maybe ^CoffeeStakingForwardData) = InMsgBody;
  // staking_forward_data#_ gas:Coins payload:^Cell = CoffeeStakingForwardData;
  staking_claim_rewards: tlb('coffee_staking_claim_rewards', 0xb30c7310, {
    query_id: uint64,
    jetton_wallet: address,
    jetton_amount: coins,
    receiver: address,
    payload: maybe(ref({ gas: coins, payload: cell })),
  }),
  // Three layouts share the opcode; decoding takes the one that reads the whole body, else the one
  // that reads the most of it.
  // staking_position_withdraw_1#cb03bfaf query_id:uint64 = InMsgBody;
  staking_position_withdraw: tlb('coffee_staking_position_withdraw', 0xcb03bfaf, {
    query_id: uint64,
  }),
  // staking_position_withdraw_2#cb03bfaf query_id:uint64 nft_id:uint64 owner:MsgAddressInt
  //   points:Coins jetton_data:^[wallet:MsgAddressInt amount:Coins] = InMsgBody;
  staking_position_withdraw_2: tlb('coffee_staking_position_withdraw_2', 0xcb03bfaf, {
    query_id: uint64,
    nft_id: uint64,
    owner: address,
    points: coins,
    jetton_data: ref({ wallet: address, amount: coins }),
  }),
  // staking_position_withdraw_3#cb03bfaf query_id:uint64 jetton_wallet:MsgAddressInt
  //   jetton_amount:Coins owner:MsgAddressInt = InMsgBody;
  staking_position_withdraw_3: tlb('coffee_staking_position_withdraw_3', 0xcb03bfaf, {
    query_id: uint64,
    jetton_wallet: address,
    jetton_amount: coins,
    owner: address,
  }),
  // mev_protect_failed_swap#ee51ce51 query_id:uint64 recipient:MsgAddressInt
  mev_protect_failed_swap: tlb('coffee_mev_protect_failed_swap', 0xee51ce51, {
    query_id: uint64,
    recipient: address,
  }),
};

export const COFFEE_SCHEMAS: readonly TlbConstructor[] = Object.values(COFFEE);
