import {
  address,
  cell,
  coins,
  type FieldList,
  int,
  maybeCell,
  ref,
  rest,
  uint,
  uint256,
  uint64,
} from '../field-type';
import { type TlbConstructor, tlb, untagged } from '../tlb-constructor';

const queryAndRest: FieldList = { query_id: uint64, rest };

/**
 * EVAA lending protocol (EVAA schema.tlb). Messages to a user contract carry a header before their
 * opcode (user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2)), so supply_user and
 * withdraw_user are named here for `decodeOpcode` but rarely start a body.
 */
export const EVAA = {
  // _ user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2) = UserHeader; (the header a
  //   master → user message carries before its opcode; no tag of its own, read by name only)
  user_header: untagged('evaa_user_header', {
    user_version: coins,
    upgrade_info: maybeCell,
    upgrade_exec: uint(2),
  }),
  // supply_master#00000001 query_id:uint64 include_user_code:int2 supply_amount:uint64
  //   recipient_address:MsgAddressInt ... = InternalMsgBody; (user → master, TON)
  supply_master: tlb('evaa_supply_master', 0x00000001, {
    query_id: uint64,
    include_user_code: int(2),
    supply_amount: uint64,
    recipient_address: address,
    rest,
  }),
  // supply_user#00000011 query_id:uint64 asset_id:uint256 ... (master → user, after the header)
  supply_user: tlb('evaa_supply_user', 0x00000011, { query_id: uint64, asset_id: uint256, rest }),
  // supply_success#0000011a query_id:uint64 owner_address:MsgAddressInt asset_id:uint256
  //   amount_supplied:uint64 ... (user → master)
  supply_success: tlb('evaa_supply_success', 0x0000011a, {
    query_id: uint64,
    owner_address: address,
    asset_id: uint256,
    amount_supplied: uint64,
    rest,
  }),
  // supply_fail#0000011f query_id:uint64 ...
  supply_fail: tlb('evaa_supply_fail', 0x0000011f, queryAndRest),
  // withdraw_master#00000002 query_id:uint64 asset_id:uint256 amount:uint64
  //   recipient_addr:MsgAddressInt ... (user → master)
  withdraw_master: tlb('evaa_withdraw_master', 0x00000002, {
    query_id: uint64,
    asset_id: uint256,
    amount: uint64,
    recipient_addr: address,
    rest,
  }),
  // withdraw_user#00000021 query_id:uint64 asset_id:uint256 ... (master → user, after the header)
  withdraw_user: tlb('evaa_withdraw_user', 0x00000021, {
    query_id: uint64,
    asset_id: uint256,
    rest,
  }),
  // withdraw_collateralized#00000211 query_id:uint64 owner_address:MsgAddressInt asset_id:uint256
  //   withdraw_amount_current:uint64 ... (user → master)
  withdraw_collateralized: tlb('evaa_withdraw_collateralized', 0x00000211, {
    query_id: uint64,
    owner_address: address,
    asset_id: uint256,
    withdraw_amount_current: uint64,
    rest,
  }),
  // withdraw_success#0000211a query_id:uint64 ...
  withdraw_success: tlb('evaa_withdraw_success', 0x0000211a, queryAndRest),
  // withdraw_fail#0000211f query_id:uint64 ...
  withdraw_fail: tlb('evaa_withdraw_fail', 0x0000211f, queryAndRest),
  // withdraw_no_funds_excess#00211fe8 query_id:uint64 ...
  withdraw_no_funds_excess: tlb('evaa_withdraw_no_funds_excess', 0x00211fe8, queryAndRest),
  // The user contract's refusals, each returning the attached TON: query_id:uint64 ...
  // withdraw_locked_excess#000021e6
  withdraw_locked_excess: tlb('evaa_withdraw_locked_excess', 0x000021e6, queryAndRest),
  // withdraw_not_collateralized_excess#000021e7
  withdraw_not_collateralized_excess: tlb(
    'evaa_withdraw_not_collateralized_excess',
    0x000021e7,
    queryAndRest,
  ),
  // withdraw_missing_prices_excess#000021e8
  withdraw_missing_prices_excess: tlb(
    'evaa_withdraw_missing_prices_excess',
    0x000021e8,
    queryAndRest,
  ),
  // withdraw_execution_crashed#000021ec
  withdraw_execution_crashed: tlb('evaa_withdraw_execution_crashed', 0x000021ec, queryAndRest),
  // liquidate_master#00000003 query_id:uint64 borrower_address:MsgAddressInt liquidator_address:MsgAddressInt
  //   collateral_asset_id:uint256 min_collateral_amount:uint64 include_user_code:int2
  //   liquidate_incoming_amount:uint64 ... (liquidator → master; shares its opcode with getgems' sale cancel)
  liquidate_master: tlb('evaa_liquidate_master', 0x00000003, {
    query_id: uint64,
    borrower_address: address,
    liquidator_address: address,
    collateral_asset_id: uint256,
    min_collateral_amount: uint64,
    include_user_code: int(2),
    liquidate_incoming_amount: uint64,
    rest,
  }),
  // liquidate_user#00000031 query_id:uint64 ... (master → user, after the header)
  liquidate_user: tlb('evaa_liquidate_user', 0x00000031, queryAndRest),
  // liquidate_satisfied#00000311 query_id:uint64 owner_address:MsgAddressInt liquidator_address:MsgAddressInt
  //   transferred_asset_id:uint256 ^[ delta_loan_principal:int64 liquidatable_amount:uint64 protocol_gift:uint64
  //   new_user_loan_principal:int64 collateral_asset_id:uint256 delta_collateral_principal:int64
  //   collateral_reward:uint64 ... ] (user → master)
  liquidate_satisfied: tlb('evaa_liquidate_satisfied', 0x00000311, {
    query_id: uint64,
    owner_address: address,
    liquidator_address: address,
    transferred_asset_id: uint256,
    details: ref({
      delta_loan_principal: int(64),
      liquidatable_amount: uint64,
      protocol_gift: uint64,
      new_user_loan_principal: int(64),
      collateral_asset_id: uint256,
      delta_collateral_principal: int(64),
      collateral_reward: uint64,
      rest,
    }),
    rest,
  }),
  // liquidate_unsatisfied#0000031f query_id:uint64 owner_address:MsgAddressInt
  //   liquidator_address:MsgAddressInt transferred_asset_id:uint256 ^[ transferred_amount:uint64
  //   collateral_asset_id:uint256 min_collateral_amount:uint64 forward_ton_amount:uint64
  //   custom_response_payload:^Cell error:LiquidationError ] (user → master); the error (a uint32 code,
  //   EVAA liquidate-message.fc) is kept in `rest`, as some bodies end before it
  liquidate_unsatisfied: tlb('evaa_liquidate_unsatisfied', 0x0000031f, {
    query_id: uint64,
    owner_address: address,
    liquidator_address: address,
    transferred_asset_id: uint256,
    details: ref({
      transferred_amount: uint64,
      collateral_asset_id: uint256,
      min_collateral_amount: uint64,
      forward_ton_amount: uint64,
      custom_response_payload: cell,
      rest,
    }),
    rest,
  }),
  // liquidate_success#0000311a query_id:uint64 ... (master → user, after the header)
  liquidate_success: tlb('evaa_liquidate_success', 0x0000311a, queryAndRest),
  // liquidate_fail#0000311f query_id:uint64 transferred_asset_id:uint256 delta_loan_principal:int64
  //   collateral_asset_id:uint256 delta_collateral_principal:int64 (master → user)
  liquidate_fail: tlb('evaa_liquidate_fail', 0x0000311f, {
    query_id: uint64,
    transferred_asset_id: uint256,
    delta_loan_principal: int(64),
    collateral_asset_id: uint256,
    delta_collateral_principal: int(64),
  }),
  // liquidate_success_report#0000311d query_id:uint64 transferred_asset_id:uint256 transferred_amount:uint64
  //   collateral_asset_id:uint256 collateral_reward:uint64 custom_response_payload:^Cell (master → liquidator)
  liquidate_success_report: tlb('evaa_liquidate_success_report', 0x0000311d, {
    query_id: uint64,
    transferred_asset_id: uint256,
    transferred_amount: uint64,
    collateral_asset_id: uint256,
    collateral_reward: uint64,
    rest,
  }),
};

export const EVAA_SCHEMAS: readonly TlbConstructor[] = Object.values(EVAA);
