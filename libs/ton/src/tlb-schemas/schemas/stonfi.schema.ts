import {
  address,
  bool,
  coins,
  maybeCell,
  payload,
  ref,
  rest,
  uint,
  uint32,
  uint64,
  when,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** `query_id:uint64` then fields this registry does not model, kept as `rest`. */
const queryAndRest = { query_id: uint64, rest };

/** StonFi v1 and v2 routers and pools, and the pTON proxy wallet they share with Tonco. */
export const STONFI = {
  // swap#25938561 query_id:uint64 from_user:MsgAddress token_wallet:MsgAddress amount:Coins
  //   min_out:Coins has_ref:Bool ^[from_real_user:MsgAddress ref_address:has_ref?MsgAddress]
  //   = InternalMsgBody; (v1 router → pool)
  swap: tlb('stonfi_swap', 0x25938561, {
    query_id: uint64,
    from_user: address,
    token_wallet: address,
    amount: coins,
    min_out: coins,
    has_ref: bool,
    addresses: ref({ from_real_user: address, ref_address: when('has_ref', address) }),
  }),
  // swap#25938561 token_wallet:MsgAddress min_out:Coins to_address:MsgAddress has_ref:Bool
  //   ref_address:has_ref?MsgAddress = ForwardPayload; (a v1 swap request in a jetton transfer)
  swap_payload: tlb('stonfi_swap_payload', 0x25938561, {
    token_wallet: address,
    min_out: coins,
    to_address: address,
    has_ref: bool,
    ref_address: when('has_ref', address),
  }),
  // pay_to#f93bb43f query_id:uint64 owner:MsgAddress exit_code:uint32
  //   ^[amount0_out:Coins token0_address:MsgAddress amount1_out:Coins token1_address:MsgAddress]
  //   = InternalMsgBody; (v1 pool → router)
  payment_request: tlb('stonfi_payment_request', 0xf93bb43f, {
    query_id: uint64,
    owner: address,
    exit_code: uint32,
    ref_coins_data: ref({
      amount0_out: coins,
      token0_address: address,
      amount1_out: coins,
      token1_address: address,
    }),
  }),
  // The v1 router's payout bodies carry the pool's exit code as their op, then query_id:uint64:
  // swap_ok#c64370e5, swap_ok_ref#45078540, swap_refund_no_liq#5ffe1295,
  // swap_refund_reserve_err#38976e9b.
  swap_ok: tlb('stonfi_swap_ok', 0xc64370e5, queryAndRest),
  swap_ok_ref: tlb('stonfi_swap_ok_ref', 0x45078540, queryAndRest),
  swap_refund_no_liq: tlb('stonfi_swap_refund_no_liq', 0x5ffe1295, queryAndRest),
  swap_refund_reserve_err: tlb('stonfi_swap_refund_reserve_err', 0x38976e9b, queryAndRest),
  // swap#6664de2a query_id:uint64 from_user:MsgAddress left_amount:Coins right_amount:Coins
  //   ^[transferred_op:uint32 token_wallet1:MsgAddress refund_address:MsgAddress
  //     excesses_address:MsgAddress tx_deadline:uint64
  //     ^[min_out:Coins receiver:MsgAddress fwd_gas:Coins custom_payload:(Maybe ^Cell)
  //       refund_fwd_gas:Coins refund_payload:(Maybe ^Cell) ref_fee:uint16 ref_address:MsgAddress]]
  //   = InternalMsgBody; (v2 router → pool)
  swap_v2: tlb('stonfi_swap_v2', 0x6664de2a, {
    query_id: uint64,
    from_user: address,
    left_amount: coins,
    right_amount: coins,
    dex_payload: ref({
      transferred_op: uint32,
      token_wallet1: address,
      refund_address: address,
      excesses_address: address,
      tx_deadline: uint64,
      swap_body: ref({
        min_out: coins,
        receiver: address,
        fwd_gas: coins,
        custom_payload: maybeCell,
        refund_fwd_gas: coins,
        refund_payload: maybeCell,
        ref_fee: uint(16),
        ref_address: address,
      }),
    }),
  }),
  // cross_swap#69cf1a5b token_wallet1:MsgAddress ... = ForwardPayload; (a v2 multi-hop step; the
  //   rest is kept as `rest`)
  cross_swap_v2: tlb('stonfi_cross_swap_v2', 0x69cf1a5b, { token_wallet1: address, rest }),
  // pay_to#657b54f5 query_id:uint64 to_address:MsgAddress excesses_address:MsgAddress
  //   original_caller:MsgAddress exit_code:uint32 custom_payload:(Maybe ^Cell)
  //   ^[fwd_ton_amount:Coins amount0_out:Coins token0_address:MsgAddress amount1_out:Coins
  //     token1_address:MsgAddress] = InternalMsgBody; (v2 pool → router)
  pay_to_v2: tlb('stonfi_pay_to_v2', 0x657b54f5, {
    query_id: uint64,
    to_address: address,
    excesses_address: address,
    original_caller: address,
    exit_code: uint32,
    custom_payload: maybeCell,
    additional_info: ref({
      fwd_ton_amount: coins,
      amount0_out: coins,
      token0_address: address,
      amount1_out: coins,
      token1_address: address,
    }),
  }),
  // ton_transfer#01f3835d query_id:uint64 ton_amount:Coins refund_address:MsgAddress
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody; (pTON proxy wallet)
  pton_ton_transfer: tlb('pton_ton_transfer', 0x01f3835d, {
    query_id: uint64,
    ton_amount: coins,
    refund_address: address,
    forward_payload: payload,
  }),
  // StonFi v2 liquidity (https://github.com/ston-fi/dex-core-v2): provide and withdraw legs, each
  //   query_id:uint64 followed by its own fields.
  provide_lp_v2: tlb('stonfi_provide_lp_v2', 0x37c096df, queryAndRest),
  add_liquidity_v2: tlb('stonfi_add_liquidity_v2', 0x50c6a654, queryAndRest),
  cb_add_liquidity_v2: tlb('stonfi_cb_add_liquidity_v2', 0x06ecd527, queryAndRest),
  burn_notification_ext_v2: tlb('stonfi_burn_notification_ext_v2', 0x297437cf, queryAndRest),
  refund_me_v2: tlb('stonfi_refund_me_v2', 0x132b9a2c, queryAndRest),
  cb_refund_me_v2: tlb('stonfi_cb_refund_me_v2', 0x0f98e2b8, queryAndRest),
};

export const STONFI_SCHEMAS: readonly TlbConstructor[] = Object.values(STONFI);
