/**
 * StonFi v1 and v2 router/pool messages, as toncenter reads them. Bodies load through the registry's
 * `STONFI` constructors; what stays here is what the layouts do not say: the v2 swap read only as far
 * as toncenter reads it (the layout goes on past the custom payload), the pools of a cross swap, and
 * provide_lp's amounts (the layout keeps them in `rest`).
 */
import type { Cell, Slice } from '@ton/core';
import { STONFI } from '@app/ton';
import { loadAddr } from './cells';

export interface StonfiV2SwapBody {
  token_wallet1: string | null;
  custom_payload: Cell | null;
}

/**
 * `STONFI.swap_v2` (router → pool) up to the custom payload: toncenter stops there, so a body cut
 * short after it still reads (`loadFields` would go on to refund_fwd_gas … ref_address).
 */
export function parseStonfiV2Swap(s: Slice): StonfiV2SwapBody {
  s.skip(32 + 64);
  loadAddr(s);
  s.loadCoins();
  s.loadCoins();
  const d = s.loadRef().beginParse();
  d.skip(32);
  const token_wallet1 = loadAddr(d);
  loadAddr(d);
  loadAddr(d);
  d.skip(64);
  const b = d.loadRef().beginParse();
  b.loadCoins();
  loadAddr(b);
  b.loadCoins();
  const custom_payload = b.loadBit() ? b.loadRef() : null;
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
    const op = cur.loadUint(32) >>> 0;
    if (op !== STONFI.swap_v2.opcode && op !== STONFI.cross_swap_v2.opcode) {
      break;
    }
    out.push(loadAddr(cur) ?? '');
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
 * provide_lp#37c096df query_id:uint64 from_user:MsgAddress amount0:Coins amount1:Coins ...
 * (https://github.com/ston-fi/dex-core-v2): `STONFI.provide_lp_v2` keeps these in `rest`.
 */
export function parseStonfiV2ProvideLp(s: Slice): {
  from_user: string | null;
  amount1: bigint;
  amount2: bigint;
} {
  s.skip(32 + 64);
  return { from_user: loadAddr(s), amount1: s.loadCoins(), amount2: s.loadCoins() };
}
