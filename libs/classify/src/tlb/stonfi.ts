/** StonFi v1 router/pool messages, as toncenter reads them. */
import type { Cell, Slice } from '@ton/core';
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

/** StonFi v2 router/pool opcodes. */
export const StonfiV2Op = {
  /** router → pool */
  swap: 0x6664de2a,
  /** pool → router */
  payTo: 0x657b54f5,
} as const;

export interface StonfiV2SwapBody {
  token_wallet1: string | null;
  custom_payload: Cell | null;
}

/**
 * swap#6664de2a query_id:uint64 from_user:MsgAddress left_amount:Coins right_amount:Coins
 *   ^[transferred_op:uint32 token_wallet1:MsgAddress refund_address:MsgAddress
 *     excesses_address:MsgAddress tx_deadline:uint64
 *     ^[min_out:Coins receiver:MsgAddress fwd_gas:Coins custom_payload:(Maybe ^Cell) ...]] (router → pool)
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
    if (op !== StonfiV2Op.swap && op !== 0x69cf1a5b) {
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

export interface StonfiV2PayToBody {
  exit_code: number;
  amount0_out: bigint;
  token0_address: string | null;
  amount1_out: bigint;
  token1_address: string | null;
}

/**
 * pay_to#657b54f5 query_id:uint64 to_address:MsgAddress excesses_address:MsgAddress
 *   original_caller:MsgAddress exit_code:uint32 custom_payload:(Maybe ^Cell)
 *   ^[fwd_ton_amount:Coins amount0_out:Coins token0_address:MsgAddress amount1_out:Coins
 *     token1_address:MsgAddress] (pool → router)
 */
export function parseStonfiV2PayTo(s: Slice): StonfiV2PayToBody {
  s.skip(32 + 64);
  loadAddr(s);
  loadAddr(s);
  loadAddr(s);
  const exit_code = s.loadUint(32) >>> 0;
  if (s.loadBit()) {
    s.loadRef();
  }
  const a = s.loadRef().beginParse();
  a.loadCoins();
  return {
    exit_code,
    amount0_out: a.loadCoins(),
    token0_address: loadAddr(a),
    amount1_out: a.loadCoins(),
    token1_address: loadAddr(a),
  };
}

/**
 * StonFi v2 liquidity opcodes (https://github.com/ston-fi/dex-core-v2): provide and withdraw legs.
 */
export const StonfiV2LiquidityOp = {
  /** router → pool: provide_lp */
  provideLp: 0x37c096df,
  /** pool → LP account: add_liquidity (and LP account → pool refund with the same op) */
  addLiquidity: 0x50c6a654,
  /** LP account → pool: cb_add_liquidity */
  cbAddLiquidity: 0x06ecd527,
  /** LP wallet → pool: burn_notification_ext */
  burnNotificationExt: 0x297437cf,
  /** user → LP account: refund_me */
  refundMe: 0x132b9a2c,
  /** LP account → pool: cb_refund_me */
  cbRefundMe: 0x0f98e2b8,
  /** pTON wallet → its owner: ton_transfer */
  ptonTransfer: 0x01f3835d,
} as const;

/** provide_lp#37c096df query_id:uint64 from_user:MsgAddress amount0:Coins amount1:Coins ... */
export function parseStonfiV2ProvideLp(s: Slice): {
  from_user: string | null;
  amount1: bigint;
  amount2: bigint;
} {
  s.skip(32 + 64);
  return { from_user: loadAddr(s), amount1: s.loadCoins(), amount2: s.loadCoins() };
}
