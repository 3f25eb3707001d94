/**
 * StonFi v1 and v2 router/pool messages, as toncenter reads them. Bodies load through the registry's
 * `STONFI` constructors; what stays here is what the layouts do not say: the v2 swap read only as far
 * as toncenter reads it (the layout goes on past the custom payload), the pools of a cross swap, and
 * provide_lp's amounts (the layout keeps them in `rest`).
 */
import type { Cell, Slice } from '@ton/core';
import { JETTON, loadLeadingFields, STONFI } from '@app/ton';
import { afterAnyOpcode, loadAddr, loadLeadingStructFields } from './cells';

export interface StonfiV2SwapBody {
  token_wallet1: string | null;
  custom_payload: Cell | null;
}

/**
 * `STONFI.swap_v2` (router → pool) up to the custom payload: toncenter stops there, so a body cut
 * short after it still reads (`loadFields` would go on to refund_fwd_gas … ref_address).
 */
export function parseStonfiV2Swap(s: Slice): StonfiV2SwapBody {
  const swap = STONFI.swap_v2;
  loadLeadingFields(afterAnyOpcode(swap, s), s, [
    'query_id',
    'from_user',
    'left_amount',
    'right_amount',
  ]);
  // dex_payload and its swap_body, each read from its ref up to where toncenter stops
  const dexPayload = swap.fields.dex_payload;
  const d = s.loadRef().beginParse();
  const { token_wallet1 } = loadLeadingStructFields(dexPayload, d, [
    'transferred_op',
    'token_wallet1',
    'refund_address',
    'excesses_address',
    'tx_deadline',
  ]);
  const { custom_payload } = loadLeadingStructFields(
    dexPayload.fields.swap_body,
    d.loadRef().beginParse(),
    ['min_out', 'receiver', 'fwd_gas', 'custom_payload'],
  );
  return { token_wallet1, custom_payload };
}

/** The pools' wallets of a (cross-)swap: token_wallet1, then each nested cross swap's wallet. */
export function stonfiV2PoolWallets(swap: StonfiV2SwapBody): string[] {
  const out: string[] = [swap.token_wallet1 ?? ''];
  if (swap.custom_payload === null) {
    return out;
  }
  let cur = swap.custom_payload.beginParse();
  for (;;) {
    const op = cur.preloadUint(32) >>> 0;
    if (op !== STONFI.swap_v2.opcode && op !== STONFI.cross_swap_v2.opcode) {
      break;
    }
    // either opcode is read with the cross swap's layout, as toncenter reads it
    const { token_wallet1 } = loadLeadingFields(afterAnyOpcode(STONFI.cross_swap_v2, cur), cur, [
      'token_wallet1',
    ]);
    out.push(token_wallet1 ?? '');
    if (cur.remainingRefs === 0) {
      break;
    }
    const cross = cur.loadRef().beginParse();
    cross.loadCoins();
    cross.loadCoins();
    if (cross.remainingRefs === 0) {
      break;
    }
    const next = cross.loadBit() ? cross.loadRef() : null;
    if (!next) {
      break;
    }
    cur = next.beginParse();
  }
  return out;
}

/**
 * The router's jetton wallet a StonFi v2 swap in a router's `JETTON.notify` names (toncenter's address
 * selector): the notify up to its sender (under any opcode), its forward payload taken as
 * `(Either Cell ^Cell)`, and, when that is a swap#6664de2a, its token_wallet1 read with the cross
 * swap's layout (the same address after the opcode). Null when the payload is no swap; throws when
 * the notify does not read.
 */
export function stonfiV2NotificationTarget(s: Slice): string | null {
  loadLeadingFields(afterAnyOpcode(JETTON.notify, s), s, ['query_id', 'amount', 'sender']);
  const payload = s.loadBit() ? s.loadRef().beginParse() : s;
  if (payload.remainingBits > 0 && payload.preloadUint(32) >>> 0 === STONFI.swap_v2.opcode) {
    return loadLeadingFields(afterAnyOpcode(STONFI.cross_swap_v2, payload), payload, [
      'token_wallet1',
    ]).token_wallet1;
  }
  return null;
}

/**
 * provide_lp#37c096df query_id:uint64 from_user:MsgAddress amount0:Coins amount1:Coins ...
 * (https://github.com/ston-fi/dex-core-v2): `STONFI.provide_lp_v2` up to its query_id, under any
 * opcode; the layout keeps the fields after it in `rest`, so they are read here.
 */
export function parseStonfiV2ProvideLp(s: Slice): {
  from_user: string | null;
  amount1: bigint;
  amount2: bigint;
} {
  loadLeadingFields(afterAnyOpcode(STONFI.provide_lp_v2, s), s, ['query_id']);
  return { from_user: loadAddr(s), amount1: s.loadCoins(), amount2: s.loadCoins() };
}
