/**
 * DeDust vault/pool/factory messages, as toncenter reads them. Opcodes come from the registry's
 * `DEDUST` constructors; the bodies stay hand-read because toncenter reads them looser than the
 * layouts: it stops before some trailing payloads (the vault deposit's `fulfill_payload`,
 * `swap_params`) and reads any non-zero asset tag as a jetton (the layout's `extra_currency$0010` is an
 * int32 id).
 */
import type { Slice } from '@ton/core';
import { DEDUST } from '@app/ton';
import type { Asset } from '../families/asset';
import { loadAddr, loadMaybeRef } from './cells';

/**
 * native$0000 = Asset; jetton$0001 workchain_id:int8 address:uint256 = Asset; toncenter's `load_asset`
 * reads the workchain with `load_uint(8)` (a masterchain jetton is `255:…` there) and any other kind
 * as a jetton, and so does this.
 */
export function loadDedustAsset(s: Slice): Asset {
  const kind = s.loadUint(4);
  if (kind === 0) {
    return { isTon: true, jetton: null };
  }
  const wc = s.loadUint(8);
  const hash = s.loadBuffer(32);
  return { isTon: false, jetton: `${wc}:${hash.toString('hex').toUpperCase()}` };
}

export interface DedustDepositParams {
  amount: bigint;
  asset0: Asset;
  asset1: Asset;
  asset0_target_balance: bigint;
  asset1_target_balance: bigint;
}

/**
 * deposit_liquidity#d55e4686 query_id:uint64 amount:Coins pool_params:PoolParams
 *   ^[min_lp_amount:Coins asset0_target_balance:Coins asset1_target_balance:Coins] ... (user → TON vault)
 * PoolParams = pool_type:uint1 asset0:Asset asset1:Asset
 */
export function parseDedustDepositTonToVault(s: Slice): DedustDepositParams {
  if (s.loadUint(32) !== DEDUST.deposit_liquidity.opcode) {
    throw new Error('not a dedust deposit_liquidity');
  }
  s.skip(64);
  const amount = s.loadCoins();
  s.skip(1);
  const asset0 = loadDedustAsset(s);
  const asset1 = loadDedustAsset(s);
  const p = s.loadRef().beginParse();
  p.loadCoins();
  return {
    amount,
    asset0,
    asset1,
    asset0_target_balance: p.loadCoins(),
    asset1_target_balance: p.loadCoins(),
  };
}

/**
 * deposit_liquidity#40e108d6 pool_params:PoolParams min_lp_amount:Coins asset0_target_balance:Coins
 *   asset1_target_balance:Coins ... = ForwardPayload (inside a jetton transfer)
 */
export function parseDedustDepositJettonPayload(s: Slice): Omit<DedustDepositParams, 'amount'> {
  if (s.loadUint(32) !== DEDUST.deposit_liquidity_payload.opcode) {
    throw new Error('not a dedust jetton deposit payload');
  }
  s.skip(1);
  const asset0 = loadDedustAsset(s);
  const asset1 = loadDedustAsset(s);
  s.loadCoins();
  return {
    asset0,
    asset1,
    asset0_target_balance: s.loadCoins(),
    asset1_target_balance: s.loadCoins(),
  };
}

export interface DedustDepositToPoolBody {
  owner: string | null;
  asset0: Asset;
  asset0_amount: bigint;
  asset1: Asset;
  asset1_amount: bigint;
}

/**
 * deposit#b56b9598 query_id:uint64 proof:^Cell owner_addr:MsgAddress min_lp_amount:Coins
 *   ^[asset0:Asset asset0_amount:Coins asset1:Asset asset1_amount:Coins] fulfill_payload:(Maybe ^Cell)
 *   reject_payload:(Maybe ^Cell) (deposit contract → pool). toncenter's DedustDepositLiquidityToPool
 *   reads both payloads, so a body ending before them is unreadable.
 */
export function parseDedustDepositToPool(s: Slice): DedustDepositToPoolBody {
  s.skip(32 + 64);
  s.loadRef();
  const owner = loadAddr(s);
  s.loadCoins();
  const r = s.loadRef().beginParse();
  const asset0 = loadDedustAsset(r);
  const asset0_amount = r.loadCoins();
  const asset1 = loadDedustAsset(r);
  const asset1_amount = r.loadCoins();
  loadMaybeRef(s);
  loadMaybeRef(s);
  return { owner, asset0, asset0_amount, asset1, asset1_amount };
}

export interface DedustSwapNotificationBody {
  asset_in: Asset;
  asset_out: Asset;
  amount_in: bigint;
  amount_out: bigint;
}

/**
 * swap#9c610de3 asset_in:Asset asset_out:Asset amount_in:Coins amount_out:Coins
 *   ^[sender_addr:MsgAddressInt ref_addr:MsgAddress reserve0:Coins reserve1:Coins] (pool log).
 * The ref is read to its end although only the amounts are used: toncenter's
 * `messages/swaps.py` DedustSwapNotification loads all of it, so a log cut short raises there and
 * DedustSwapBlockMatcher builds no swap.
 */
export function parseDedustSwapNotification(s: Slice): DedustSwapNotificationBody {
  s.skip(32);
  const asset_in = loadDedustAsset(s);
  const asset_out = loadDedustAsset(s);
  const amount_in = s.loadCoins();
  const amount_out = s.loadCoins();
  const r = s.loadRef().beginParse();
  loadAddr(r);
  loadAddr(r);
  r.loadCoins();
  r.loadCoins();
  return { asset_in, asset_out, amount_in, amount_out };
}

/** payout_from_pool#ad4eb6f5 / payout#474f86cf query_id:uint64 proof:^Cell amount:Coins ... */
export function parseDedustPayoutAmount(s: Slice): bigint {
  s.skip(32 + 64);
  s.loadRef();
  return s.loadCoins();
}

/**
 * The pools of a swap path: SwapStep = pool_addr:MsgAddressInt kind:uint1 limit:Coins
 *   next:(Maybe ^SwapStep).
 */
export function parseDedustSwapSteps(s: Slice): string[] {
  const pools: string[] = [];
  let cur: Slice = s;
  for (;;) {
    const pool = loadAddr(cur);
    if (pool === null) {
      throw new Error('dedust swap step without a pool');
    }
    pools.push(pool);
    cur.skip(1);
    cur.loadCoins();
    const next = cur.loadBit() ? cur.loadRef() : null;
    if (next === null) {
      return pools;
    }
    cur = next.beginParse();
  }
}

/** The swap path of the native swap#ea06185d query_id:uint64 amount:Coins step:SwapStep ... */
export function parseDedustNativeSwap(s: Slice): { amount: bigint; steps: string[] } {
  s.skip(32 + 64);
  const amount = s.loadCoins();
  return { amount, steps: parseDedustSwapSteps(s) };
}
