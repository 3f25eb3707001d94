/**
 * EVAA lending protocol messages, as toncenter reads them (EVAA schema.tlb). Bodies load through the
 * registry's `EVAA` constructors (the user-contract header before an opcode too); what stays here is
 * what the layouts do not say: the jetton forward payload's shorter supply form, the optional tail of
 * liquidate_satisfied, and the liquidation error code at the end of liquidate_unsatisfied.
 */
import type { Cell, Slice } from '@ton/core';
import { EVAA, type FieldList, type LoadedFields, loadFields, type TlbConstructor } from '@app/ton';
import { loadAddr } from './cells';

/** sha256("TON"): the asset id of TON. */
export const EVAA_TON_ASSET_ID =
  0x1a4219fe5e60d63af2a3cc7dce6fec69b45c6b5718497a6148e7c232ac87bd8an;

/** The user-contract excess opcodes of a withdrawal refused on the user contract, with the reason. */
export const EVAA_WITHDRAW_FAIL_EXCESS = new Map<number, string>(
  [
    EVAA.withdraw_locked_excess,
    EVAA.withdraw_not_collateralized_excess,
    EVAA.withdraw_missing_prices_excess,
    EVAA.withdraw_execution_crashed,
  ].map((k) => [k.opcode, k.name.replace(/^evaa_/, '')]),
);

/** The user-contract header before the opcode, `EVAA.user_header` (untagged). */
export function skipEvaaUserHeader(s: Slice): void {
  loadFields(EVAA.user_header, s);
}

/** The opcode after the user header, or null when the body does not parse so. */
export function evaaHeaderOpcode(s: Slice): number | null {
  try {
    skipEvaaUserHeader(s);
    return s.loadUint(32);
  } catch {
    // A body too short for the user header or its opcode is no user-contract call: the EVAA
    // matchers (families/evaa/common.ts) compare the null with their opcode and do not match.
    return null;
  }
}

/** A master → user command (`EVAA.supply_user`, …): the user header, then the constructor's body. */
export function loadEvaaUserCommand<F extends FieldList>(
  k: TlbConstructor<F>,
  s: Slice,
): LoadedFields<F> {
  skipEvaaUserHeader(s);
  return loadFields(k, s);
}

/**
 * The asset id of a master → user supply_user. toncenter's EvaaSupplyUser (messages/evaa.py) also
 * reads supply_amount_current:uint64 after it: a body with fewer than 64 bits after the asset id is
 * unreadable.
 */
export function loadEvaaSupplyUserAssetId(s: Slice): bigint {
  const { asset_id, rest } = loadEvaaUserCommand(EVAA.supply_user, s);
  if (rest === null || rest.bits.length < 64) {
    throw new Error('supply_user ends before its supply_amount_current');
  }
  return asset_id;
}

/**
 * The jetton forward payload of a supply: supply_master's opcode, then include_user_code:int2
 * recipient_address:MsgAddressInt ... — without the query_id and supply_amount of `EVAA.supply_master`
 * (the jetton transfer carries both), so it is not that constructor's layout and is read by hand.
 * toncenter's EvaaSupplyJettonForwardMessage (messages/evaa.py) reads forward_ton_amount:uint64 and
 * ^custom_response_payload when bits remain after the recipient, so a shorter tail is unreadable.
 */
export function parseEvaaSupplyJettonPayload(s: Slice): { recipient: string | null } {
  if (s.loadUint(32) !== EVAA.supply_master.opcode) {
    throw new Error('not an EVAA supply payload');
  }
  s.skip(2);
  const recipient = loadAddr(s);
  if (s.remainingBits > 0) {
    s.skip(64);
    s.loadRef();
  }
  return { recipient };
}

/**
 * What follows collateral_reward in liquidate_satisfied's reference (kept as the layout's `rest`):
 * toncenter's EvaaLiquidateSatisfied (messages/evaa.py) reads min_collateral_amount:uint64
 * new_user_collateral_principal:int64 forward_ton_amount:uint64 ^custom_response_payload when bits
 * remain, so a shorter tail makes the body unreadable. Throws then.
 */
export function checkEvaaLiquidateSatisfiedTail(rest: Cell | null): void {
  const s = rest?.beginParse();
  if (s !== undefined && s.remainingBits > 0) {
    s.skip(64 * 3);
    s.loadRef();
  }
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
 * The reason of `EVAA.liquidate_unsatisfied`: the name of the uint32 error code that follows the
 * reference's fields (kept in its `rest`, as some bodies end before it), `unknown` for another code,
 * `parse_error` when the reference ends before it. Throws when the fields before the error do not
 * parse.
 */
export function parseEvaaLiquidateUnsatisfiedReason(s: Slice): string {
  const error = loadFields(EVAA.liquidate_unsatisfied, s).details.rest?.beginParse();
  if (error === undefined || error.remainingBits < 32) {
    return 'parse_error';
  }
  return EVAA_LIQUIDATION_ERRORS.get(error.loadUint(32)) ?? 'unknown';
}
