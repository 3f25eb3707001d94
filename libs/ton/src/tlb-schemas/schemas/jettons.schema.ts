import {
  address,
  bool,
  cell,
  coins,
  maybe,
  maybeCell,
  payload,
  ref,
  rest,
  uint,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** TEP-74 jettons, TEP-89 wallet discovery and the jetton-2.0 / stablecoin minter's admin messages. */
export const JETTON = {
  // transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress
  //   response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16)
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
  transfer: tlb('jetton_transfer', 0x0f8a7ea5, {
    query_id: uint64,
    amount: coins,
    destination: address,
    response_destination: address,
    custom_payload: maybeCell,
    forward_ton_amount: coins,
    forward_payload: payload,
  }),
  // internal_transfer#178d4519 query_id:uint64 amount:(VarUInteger 16) from:MsgAddress
  //   response_address:MsgAddress forward_ton_amount:(VarUInteger 16)
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
  internal_transfer: tlb('jetton_internal_transfer', 0x178d4519, {
    query_id: uint64,
    amount: coins,
    from: address,
    response_address: address,
    forward_ton_amount: coins,
    forward_payload: payload,
  }),
  // transfer_notification#7362d09c query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress
  //   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
  notify: tlb('jetton_notify', 0x7362d09c, {
    query_id: uint64,
    amount: coins,
    sender: address,
    forward_payload: payload,
  }),
  // excesses#d53276db query_id:uint64 = InternalMsgBody; (jettons, NFTs and most DeFi contracts)
  excess: tlb('excess', 0xd53276db, { query_id: uint64 }),
  // burn#595f07bc query_id:uint64 amount:(VarUInteger 16) response_destination:MsgAddress
  //   custom_payload:(Maybe ^Cell) = InternalMsgBody;
  burn: tlb('jetton_burn', 0x595f07bc, {
    query_id: uint64,
    amount: coins,
    response_destination: address,
    custom_payload: maybeCell,
  }),
  // burn_notification#7bdd97de query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress
  //   response_destination:MsgAddress = InternalMsgBody;
  burn_notification: tlb('jetton_burn_notification', 0x7bdd97de, {
    query_id: uint64,
    amount: coins,
    sender: address,
    response_destination: address,
  }),
  // mint#642b7d07 query_id:uint64 to_address:MsgAddressInt ton_amount:Coins
  //   master_msg:^InternalMsgBody = InternalMsgBody; (jetton-2.0 / stablecoin minter)
  mint: tlb('jetton_mint', 0x642b7d07, {
    query_id: uint64,
    to_address: address,
    ton_amount: coins,
    master_msg: cell,
  }),
  // mint#00000015 query_id:uint64 to_address:MsgAddress amount:Coins master_msg:^Cell
  //   = InternalMsgBody; (the original token-contract minter, op::mint() = 21)
  minter_mint: tlb('jetton_minter_mint', 0x00000015, {
    query_id: uint64,
    to_address: address,
    amount: coins,
    master_msg: cell,
  }),
  // provide_wallet_address#2c76b973 query_id:uint64 owner_address:MsgAddress include_address:Bool
  //   = InternalMsgBody; (TEP-89)
  provide_wallet_address: tlb('provide_wallet_address', 0x2c76b973, {
    query_id: uint64,
    owner_address: address,
    include_address: bool,
  }),
  // take_wallet_address#d1735400 query_id:uint64 wallet_address:MsgAddress
  //   owner_address:(Maybe ^MsgAddress) = InternalMsgBody; (TEP-89)
  take_wallet_address: tlb('take_wallet_address', 0xd1735400, {
    query_id: uint64,
    wallet_address: address,
    owner_address: maybe(ref({ address })),
  }),
  // top_up#d372158c query_id:uint64 = InternalMsgBody;
  top_up: tlb('top_up', 0xd372158c, { query_id: uint64 }),
  // call_to#235caf52 query_id:uint64 to_address:MsgAddress ton_amount:Coins action:^Cell
  //   = InternalMsgBody; (stablecoin minter → its wallet)
  call_to: tlb('jetton_call_to', 0x235caf52, {
    query_id: uint64,
    to_address: address,
    ton_amount: coins,
    action: cell,
  }),
  // change_admin#6501f354 query_id:uint64 new_admin_address:MsgAddress = InternalMsgBody;
  change_admin: tlb('jetton_change_admin', 0x6501f354, {
    query_id: uint64,
    new_admin_address: address,
  }),
  // claim_admin#fb88e119 query_id:uint64 = InternalMsgBody;
  claim_admin: tlb('jetton_claim_admin', 0xfb88e119, { query_id: uint64 }),
  // change_metadata_uri#cb862902 query_id:uint64 metadata:Cell = InternalMsgBody;
  change_metadata: tlb('jetton_change_metadata', 0xcb862902, { query_id: uint64, metadata: rest }),
  // upgrade#2508d66a query_id:uint64 new_data:^Cell new_code:^Cell = InternalMsgBody;
  upgrade: tlb('jetton_upgrade', 0x2508d66a, { query_id: uint64, new_data: cell, new_code: cell }),
  // set_status#eed236d3 query_id:uint64 status:uint4 = InternalMsgBody;
  set_status: tlb('jetton_set_status', 0xeed236d3, { query_id: uint64, status: uint(4) }),
  // timelocked_transfer#b2583ed5 query_id:uint64 ... (Ethena tsUSDe; layout after query_id not
  //   modelled, kept as `rest`)
  ethena_timelocked_transfer: tlb('ethena_timelocked_transfer', 0xb2583ed5, {
    query_id: uint64,
    rest,
  }),
};

export const JETTON_SCHEMAS: readonly TlbConstructor[] = Object.values(JETTON);
