import {
  address,
  bool,
  cell,
  coins,
  int,
  maybeCell,
  ref,
  rest,
  uint,
  uint16,
  uint256,
  uint32,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

const uint128 = uint(128);
const uint160 = uint(160);
const int24 = int(24);

// _ fee_growth_inside_0_last_x128:uint256 fee_growth_inside_1_last_x128:uint256 (a position's fees)
const feeCell = ref({
  fee_growth_inside_0_last_x128: uint256,
  fee_growth_inside_1_last_x128: uint256,
});

/**
 * Tonco (concentrated liquidity AMM) router, pools, accounts and position NFTs. Full layouts are those
 * toncenter's classifier reads (ton-indexer `indexer/events/blocks/messages/liquidity.py`, each class
 * citing its TL-B); `rest` stands where a layout is not modelled.
 */
export const TONCO = {
  // POOLV3_SWAP#a7fb58f8 query_id:uint64 owner_address:MsgAddress source_wallet:MsgAddress
  //   params:^[amount:Coins sqrt_price_limit_x96:uint160 min_out_amount:Coins] payloads:^Cell
  //   = InternalMsgBody; (router → pool)
  pool_swap: tlb('tonco_pool_swap', 0xa7fb58f8, {
    query_id: uint64,
    owner_address: address,
    source_wallet: address,
    params: ref({ amount: coins, sqrt_price_limit_x96: uint160, min_out_amount: coins }),
    payloads: cell,
  }),
  // POOLV3_SWAP#a7fb58f8 target_jetton_wallet:MsgAddress sqrt_price_limit_x96:uint160 min_out:Coins
  //   recipient:MsgAddress payload:(Maybe ^Cell) = ForwardPayload; (a swap request in a transfer)
  swap_payload: tlb('tonco_swap_payload', 0xa7fb58f8, {
    target_jetton_wallet: address,
    sqrt_price_limit_x96: uint160,
    min_out: coins,
    recipient: address,
    payload: maybeCell,
  }),
  // ROUTERV3_PAY_TO#a1daa96d query_id:uint64 reciever0:MsgAddress reciever1:MsgAddress
  //   exit_code:uint32 seqno:uint64 coinsinfo:(Maybe ^[amount0:Coins jetton0_address:MsgAddress
  //   amount1:Coins jetton1_address:MsgAddress]) ...
  router_pay_to: tlb('tonco_router_pay_to', 0xa1daa96d, {
    query_id: uint64,
    reciever0: address,
    reciever1: address,
    exit_code: uint32,
    seqno: uint64,
    coinsinfo: maybeCell,
    rest,
  }),
  // POOLV3_FUND_ACCOUNT#4468de77 other_jetton_wallet:MsgAddress amount0:(VarUInteger 16)
  //   amount1:(VarUInteger 16) liquidity:uint128 tick_lower:int24 tick_upper:int24 = ForwardPayload;
  //   (the SDK's payload; toncenter reads it up to amount1, so the fields after it stay in `rest`)
  pool_fund_account: tlb('tonco_pool_fund_account', 0x4468de77, {
    other_jetton_wallet: address,
    amount0: coins,
    amount1: coins,
    rest,
  }),
  // ACCOUNTV3_ADD_LIQUIDITY#3ebe5431 query_id:uint64 new_amount0:Coins new_amount1:Coins
  //   new_enough0:Coins new_enough1:Coins liquidity:uint128 tick_lower:int24 tick_upper:int24 ...
  account_add_liquidity: tlb('tonco_account_add_liquidity', 0x3ebe5431, {
    query_id: uint64,
    new_amount0: coins,
    new_amount1: coins,
    new_enough0: coins,
    new_enough1: coins,
    liquidity: uint128,
    tick_lower: int24,
    tick_upper: int24,
    rest,
  }),
  // POOLV3_MINT#81702ef8 query_id:uint64 ... (account → pool)
  pool_mint: tlb('tonco_pool_mint', 0x81702ef8, { query_id: uint64, rest }),
  // POSITIONNFTV3_POSITION_INIT#d5ecca2a query_id:uint64 user_address:MsgAddress liquidity:uint128
  //   tick_lower:int24 tick_upper:int24 old_fee_cell:^[fee_growth_inside_0_last_x128:uint256
  //   fee_growth_inside_1_last_x128:uint256 nft_index:uint64 jetton0_amount:(VarUInteger 16)
  //   jetton1_amount:(VarUInteger 16) tick:int24] = ContractMessages;
  position_init: tlb('tonco_position_init', 0xd5ecca2a, {
    query_id: uint64,
    user_address: address,
    liquidity: uint128,
    tick_lower: int24,
    tick_upper: int24,
    old_fee_cell: ref({
      fee_growth_inside_0_last_x128: uint256,
      fee_growth_inside_1_last_x128: uint256,
      nft_index: uint64,
      jetton0_amount: coins,
      jetton1_amount: coins,
      tick: int24,
    }),
  }),
  // POOLV3_START_BURN#530b5f2c query_id:uint64 burned_index:uint64 liquidity_to_burn:uint128
  //   tick_lower:int24 tick_upper:int24 ...
  pool_start_burn: tlb('tonco_pool_start_burn', 0x530b5f2c, {
    query_id: uint64,
    burned_index: uint64,
    liquidity_to_burn: uint128,
    tick_lower: int24,
    tick_upper: int24,
    rest,
  }),
  // POOLV3_BURN#d73ac09d query_id:uint64 recipient:MsgAddress burned_index:uint64 liquidity:uint128
  //   tick_lower:int24 tick_upper:int24 liquidity_to_burn:uint128
  //   old_fee_cell:^[fee_growth_inside_0_last_x128:uint256 fee_growth_inside_1_last_x128:uint256]
  //   new_fee_cell:^[fee_growth_inside_0_current_x128:uint256 fee_growth_inside_1_current_x128:uint256]
  //   = ContractMessages;
  pool_burn: tlb('tonco_pool_burn', 0xd73ac09d, {
    query_id: uint64,
    recipient: address,
    burned_index: uint64,
    liquidity: uint128,
    tick_lower: int24,
    tick_upper: int24,
    liquidity_to_burn: uint128,
    old_fee_cell: feeCell,
    new_fee_cell: ref({
      fee_growth_inside_0_current_x128: uint256,
      fee_growth_inside_1_current_x128: uint256,
    }),
  }),
  // POSITIONNFTV3_POSITION_BURN#46ca335a query_id:uint64 nft_owner:MsgAddress liquidity_to_burn:uint128
  //   tick_lower:int24 tick_upper:int24 old_fee_cell:^[fee_growth_inside_0_last_x128:uint256
  //   fee_growth_inside_1_last_x128:uint256] = ContractMessages;
  position_burn: tlb('tonco_position_burn', 0x46ca335a, {
    query_id: uint64,
    nft_owner: address,
    liquidity_to_burn: uint128,
    tick_lower: int24,
    tick_upper: int24,
    old_fee_cell: feeCell,
  }),
  // ROUTERV3_CREATE_POOL#2e3034ef query_id:uint64 jetton_wallet0:MsgAddress jetton_wallet1:MsgAddress
  //   tick_spacing:int24 initial_price_x96:uint160 protocol_fee:uint16 lp_fee_base:uint16
  //   lp_fee_current:uint16 nftv3_content:^Cell nftv3item_content:^Cell
  //   ^[jetton0_minter:MsgAddress jetton1_minter:MsgAddress controller_addr:MsgAddress]
  router_create_pool: tlb('tonco_router_create_pool', 0x2e3034ef, {
    query_id: uint64,
    jetton_wallet0: address,
    jetton_wallet1: address,
    tick_spacing: int24,
    initial_price_x96: uint160,
    protocol_fee: uint16,
    lp_fee_base: uint16,
    lp_fee_current: uint16,
    nftv3_content: cell,
    nftv3item_content: cell,
    minters: ref({ jetton0_minter: address, jetton1_minter: address, controller_addr: address }),
  }),
  // POOLV3_INIT#441c39ed query_id:uint64 from_admin:Bool has_admin:Bool admin_addr:MsgAddress
  //   has_controller:Bool controller_addr:MsgAddress set_spacing:Bool tick_spacing:int24
  //   set_price:Bool initial_price_x96:uint160 set_active:Bool pool_active:Bool ...
  pool_init: tlb('tonco_pool_init', 0x441c39ed, {
    query_id: uint64,
    from_admin: bool,
    has_admin: bool,
    admin_addr: address,
    has_controller: bool,
    controller_addr: address,
    set_spacing: bool,
    tick_spacing: int24,
    set_price: bool,
    initial_price_x96: uint160,
    set_active: bool,
    pool_active: bool,
    rest,
  }),
};

export const TONCO_SCHEMAS: readonly TlbConstructor[] = Object.values(TONCO);
