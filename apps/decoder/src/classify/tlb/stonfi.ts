/** StonFi v1 router/pool messages, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { loadAddr } from './cells';

export const StonfiOp = {
  swap: 0x25938561,
  paymentRequest: 0xf93bb43f,
} as const;

/** Payment request exit codes (StonFi v1 pool). */
export const StonfiExit = {
  swapOk: 0xc64370e5,
  swapOkRef: 0x45078540,
  noLiquidity: 0x5ffe1295,
  reserveError: 0x38976e9b,
} as const;

export interface StonfiSwapBody {
  query_id: bigint;
  from_user_address: string | null;
  token_wallet: string | null;
  amount: bigint;
  min_out: bigint;
  has_ref: boolean;
  from_real_user: string | null;
  ref_address: string | null;
}

/**
 * swap#25938561 query_id:uint64 from_user:MsgAddress token_wallet:MsgAddress amount:Coins min_out:Coins
 *   has_ref:Bool ^[from_real_user:MsgAddress ref_address:has_ref?MsgAddress] (router → pool)
 */
export function parseStonfiSwap(s: Slice): StonfiSwapBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const from_user_address = loadAddr(s);
  const token_wallet = loadAddr(s);
  const amount = s.loadCoins();
  const min_out = s.loadCoins();
  const has_ref = s.loadBit();
  const ref = s.loadRef().beginParse();
  const from_real_user = loadAddr(ref);
  const ref_address = has_ref ? loadAddr(ref) : null;
  return {
    query_id,
    from_user_address,
    token_wallet,
    amount,
    min_out,
    has_ref,
    from_real_user,
    ref_address,
  };
}

export interface StonfiPaymentRequestBody {
  query_id: bigint;
  owner: string | null;
  exit_code: number;
  amount0_out: bigint;
  token0_out: string | null;
  amount1_out: bigint;
  token1_out: string | null;
}

/**
 * pay_to#f93bb43f query_id:uint64 owner:MsgAddress exit_code:uint32
 *   ^[amount0_out:Coins token0_address:MsgAddress amount1_out:Coins token1_address:MsgAddress] (pool → router)
 */
export function parseStonfiPaymentRequest(s: Slice): StonfiPaymentRequestBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const owner = loadAddr(s);
  const exit_code = s.loadUint(32) >>> 0;
  const ref = s.loadRef().beginParse();
  return {
    query_id,
    owner,
    exit_code,
    amount0_out: ref.loadCoins(),
    token0_out: loadAddr(ref),
    amount1_out: ref.loadCoins(),
    token1_out: loadAddr(ref),
  };
}
