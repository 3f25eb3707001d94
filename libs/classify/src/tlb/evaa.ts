/** EVAA lending protocol messages, as toncenter reads them (EVAA schema.tlb). */
import type { Slice } from '@ton/core';
import { loadAddr } from './cells';

export const EvaaOp = {
  supplyMaster: 0x1,
  supplyUser: 0x11,
  supplySuccess: 0x11a,
  supplyFail: 0x11f,
  withdrawMaster: 0x2,
  withdrawUser: 0x21,
  withdrawCollateralized: 0x211,
  withdrawSuccess: 0x211a,
  withdrawFail: 0x211f,
  withdrawNoFundsExcess: 0x211fe8,
  liquidateMaster: 0x3,
  liquidateUser: 0x31,
  liquidateSatisfied: 0x311,
  liquidateUnsatisfied: 0x31f,
  liquidateSuccess: 0x311a,
  liquidateFail: 0x311f,
  liquidateSuccessReport: 0x311d,
} as const;

/** sha256("TON"): the asset id of TON. */
export const EVAA_TON_ASSET_ID =
  0x1a4219fe5e60d63af2a3cc7dce6fec69b45c6b5718497a6148e7c232ac87bd8an;

/** The user-contract excess opcodes of a withdrawal refused on the user contract, with the reason. */
export const EVAA_WITHDRAW_FAIL_EXCESS = new Map<number, string>([
  [0x21e6, 'withdraw_locked_excess'],
  [0x21e7, 'withdraw_not_collateralized_excess'],
  [0x21e8, 'withdraw_missing_prices_excess'],
  [0x21ec, 'withdraw_execution_crashed'],
]);

/** The user-contract header before the opcode: user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2). */
export function skipEvaaUserHeader(s: Slice): void {
  s.loadCoins();
  if (s.loadBit()) {
    s.loadRef();
  }
  s.skip(2);
}

/** The opcode after the user header, or null when the body does not parse so. */
export function evaaHeaderOpcode(s: Slice): number | null {
  try {
    skipEvaaUserHeader(s);
    return s.loadUint(32);
  } catch {
    return null;
  }
}

/** supply_master#00000001 query_id:uint64 include_user_code:BoolExtended(int2) supply_amount:uint64 recipient_address:MsgAddressInt ... */
export function parseEvaaSupplyMaster(s: Slice): {
  supply_amount: bigint;
  recipient: string | null;
} {
  s.skip(32 + 64 + 2);
  const supply_amount = s.loadUintBig(64);
  return { supply_amount, recipient: loadAddr(s) };
}

/** The jetton forward payload: supply_master#00000001 include_user_code:int2 recipient_address:MsgAddressInt ... */
export function parseEvaaSupplyJettonPayload(s: Slice): { recipient: string | null } {
  if (s.loadUint(32) !== EvaaOp.supplyMaster) {
    throw new Error('not an EVAA supply payload');
  }
  s.skip(2);
  return { recipient: loadAddr(s) };
}

/** (after the user header) supply_user#00000011 / withdraw_user#00000021 query_id:uint64 asset_id:uint256 ... */
export function parseEvaaUserCommandAssetId(s: Slice): bigint {
  skipEvaaUserHeader(s);
  s.skip(32 + 64);
  return s.loadUintBig(256);
}

/** supply_success#0000011a query_id:uint64 owner_address:MsgAddressInt asset_id:uint256 amount_supplied:uint64 ... */
export function parseEvaaSupplySuccessAmount(s: Slice): bigint {
  s.skip(32 + 64);
  loadAddr(s);
  s.skip(256);
  return s.loadUintBig(64);
}

/** withdraw_master#00000002 query_id:uint64 asset_id:uint256 amount:uint64 recipient_addr:MsgAddressInt ... */
export function parseEvaaWithdrawMaster(s: Slice): {
  asset_id: bigint;
  amount: bigint;
  recipient: string | null;
} {
  s.skip(32 + 64);
  const asset_id = s.loadUintBig(256);
  const amount = s.loadUintBig(64);
  return { asset_id, amount, recipient: loadAddr(s) };
}

/** withdraw_collateralized#00000211 query_id:uint64 owner_address:MsgAddressInt asset_id:uint256 withdraw_amount_current:uint64 ... */
export function parseEvaaWithdrawCollateralizedAmount(s: Slice): bigint {
  s.skip(32 + 64);
  loadAddr(s);
  s.skip(256);
  return s.loadUintBig(64);
}

/**
 * liquidate_master#00000003 query_id:uint64 borrower_address:MsgAddressInt liquidator_address:MsgAddressInt
 * collateral_asset_id:uint256 min_collateral_amount:uint64 include_user_code:BoolExtended(int2)
 * liquidate_incoming_amount:uint64 ^[...] prices_with_signature_packed:^PricesPacked (liquidator → master,
 * or the forward payload of a jetton transfer to the master).
 */
export function parseEvaaLiquidateMaster(s: Slice): {
  borrower: string | null;
  liquidator: string | null;
  collateral_asset_id: bigint;
  liquidate_incoming_amount: bigint;
} {
  s.skip(32 + 64);
  const borrower = loadAddr(s);
  const liquidator = loadAddr(s);
  const collateral_asset_id = s.loadUintBig(256);
  s.skip(64 + 2);
  return {
    borrower,
    liquidator,
    collateral_asset_id,
    liquidate_incoming_amount: s.loadUintBig(64),
  };
}

/**
 * liquidate_satisfied#00000311 query_id:uint64 owner_address:MsgAddressInt liquidator_address:MsgAddressInt
 * transferred_asset_id:uint256 ^[ delta_loan_principal:int64 liquidatable_amount:uint64 protocol_gift:uint64
 * new_user_loan_principal:int64 collateral_asset_id:uint256 delta_collateral_principal:int64
 * collateral_reward:uint64 ... ] (user contract → master).
 */
export function parseEvaaLiquidateSatisfied(s: Slice): {
  owner: string | null;
  transferred_asset_id: bigint;
  liquidatable_amount: bigint;
  collateral_asset_id: bigint;
  collateral_reward: bigint;
} {
  s.skip(32 + 64);
  const owner = loadAddr(s);
  loadAddr(s);
  const transferred_asset_id = s.loadUintBig(256);
  const r = s.loadRef().beginParse();
  r.skip(64);
  const liquidatable_amount = r.loadUintBig(64);
  r.skip(64 + 64);
  const collateral_asset_id = r.loadUintBig(256);
  r.skip(64);
  return {
    owner,
    transferred_asset_id,
    liquidatable_amount,
    collateral_asset_id,
    collateral_reward: r.loadUintBig(64),
  };
}

/** The LiquidationError codes a liquidate_unsatisfied ends with (EVAA liquidate-message.fc). */
const EVAA_LIQUIDATION_ERRORS = new Map<number, string>([
  [0xe001, 'master_liquidating_too_much'],
  [0xe002, 'user_withdraw_in_progress'],
  [0xe003, 'not_liquidatable'],
  [0xe004, 'execution_crashed'],
  [0xe005, 'min_collateral_not_satisfied'],
  [0xe006, 'user_not_enough_collateral'],
  [0xe007, 'user_liquidating_too_much'],
  [0xe008, 'master_not_enough_liquidity'],
  [0xe009, 'liquidation_prices_missing'],
]);

/**
 * The reason of liquidate_unsatisfied#0000031f query_id:uint64 owner_address:MsgAddressInt
 * liquidator_address:MsgAddressInt transferred_asset_id:uint256 ^[ transferred_amount:uint64
 * collateral_asset_id:uint256 min_collateral_amount:uint64 forward_ton_amount:uint64
 * custom_response_payload:^Cell error:LiquidationError ]: the error's name, `unknown` for another
 * code, `parse_error` when the reference ends before it. Throws when the fields before the error do
 * not parse.
 */
export function parseEvaaLiquidateUnsatisfiedReason(s: Slice): string {
  s.skip(32 + 64);
  loadAddr(s);
  loadAddr(s);
  s.skip(256);
  const r = s.loadRef().beginParse();
  r.skip(64 + 256 + 64 + 64);
  r.loadRef();
  if (r.remainingBits < 32) {
    return 'parse_error';
  }
  return EVAA_LIQUIDATION_ERRORS.get(r.loadUint(32)) ?? 'unknown';
}
