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
