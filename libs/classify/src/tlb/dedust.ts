/**
 * DeDust vault/pool/factory messages, as toncenter reads them. Opcodes and the fields before the first
 * asset come from the registry's `DEDUST` constructors (`loadLeadingFields`); from the first asset on
 * the bodies are read here, because toncenter reads them looser than the layouts: it reads any
 * non-zero asset tag as a jetton (the layout's `extra_currency$0010` is an int32 id, and a tag above 2
 * is no asset there), and it stops before some trailing payloads (the vault deposit's
 * `fulfill_payload`, `swap_params`).
 */
import type { Slice } from '@ton/core';
import { DEDUST, loadLeadingFields } from '@app/ton';
import type { Asset } from '../families/asset';
import { afterAnyOpcode, loadLeadingStructFields, loadMaybeRef } from './cells';

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
  const { amount } = loadLeadingFields(DEDUST.deposit_liquidity, s, ['query_id', 'amount']);
  // pool_params: pool_type:uint1, then the assets read as toncenter reads them
  s.skip(1);
  const asset0 = loadDedustAsset(s);
  const asset1 = loadDedustAsset(s);
  const targets = loadLeadingStructFields(
    DEDUST.deposit_liquidity.fields.params,
    s.loadRef().beginParse(),
    ['min_lp_amount', 'asset0_target_balance', 'asset1_target_balance'],
  );
  return {
    amount,
    asset0,
    asset1,
    asset0_target_balance: targets.asset0_target_balance,
    asset1_target_balance: targets.asset1_target_balance,
  };
}

/**
 * deposit_liquidity#40e108d6 pool_params:PoolParams min_lp_amount:Coins asset0_target_balance:Coins
 *   asset1_target_balance:Coins ... = ForwardPayload (inside a jetton transfer). Read by hand from
 *   the opcode on: `DEDUST.deposit_liquidity_payload` begins with the assets.
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
 * `DEDUST.deposit_liquidity_all` (deposit contract → pool) up to min_lp_amount, under any opcode (the
 * matcher has placed it); its balances reference holds the assets, read here, and toncenter's
 * DedustDepositLiquidityToPool reads both payloads after it, so a body ending before them is
 * unreadable.
 */
export function parseDedustDepositToPool(s: Slice): DedustDepositToPoolBody {
  const { owner_addr: owner } = loadLeadingFields(
    afterAnyOpcode(DEDUST.deposit_liquidity_all, s),
    s,
    ['query_id', 'proof', 'owner_addr', 'min_lp_amount'],
  );
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
 * The assets and amounts by hand (`DEDUST.swap_event` begins with the assets), the ref through the
 * layout's `details`, read to its end although only the amounts are used: toncenter's
 * `messages/swaps.py` DedustSwapNotification loads all of it, so a log cut short raises there and
 * DedustSwapBlockMatcher builds no swap.
 */
export function parseDedustSwapNotification(s: Slice): DedustSwapNotificationBody {
  s.skip(32);
  const asset_in = loadDedustAsset(s);
  const asset_out = loadDedustAsset(s);
  const amount_in = s.loadCoins();
  const amount_out = s.loadCoins();
  loadLeadingStructFields(DEDUST.swap_event.fields.details, s.loadRef().beginParse(), [
    'sender_addr',
    'referral_addr',
    'reserve0',
    'reserve1',
  ]);
  return { asset_in, asset_out, amount_in, amount_out };
}

/** The amount of `DEDUST.payout_from_pool`, its opcode unchecked (the matchers have placed it). */
export function parseDedustPayoutAmount(s: Slice): bigint {
  return loadLeadingFields(afterAnyOpcode(DEDUST.payout_from_pool, s), s, [
    'query_id',
    'proof',
    'amount',
  ]).amount;
}

/**
 * The pools of a swap path: each SwapStep (pool_addr:MsgAddressInt kind:uint1 limit:Coins
 *   next:(Maybe ^SwapStep)) read as `DEDUST.swap`'s `step`, following `next` (which the layout keeps
 *   whole).
 */
export function parseDedustSwapSteps(s: Slice): string[] {
  const pools: string[] = [];
  let cur: Slice = s;
  for (;;) {
    const { pool_addr: pool, next } = loadLeadingStructFields(DEDUST.swap.fields.step, cur, [
      'pool_addr',
      'kind',
      'limit',
      'next',
    ]);
    if (pool === null) {
      throw new Error('dedust swap step without a pool');
    }
    pools.push(pool);
    if (next === null) {
      return pools;
    }
    cur = next.beginParse();
  }
}

/**
 * `DEDUST.swap` (native vault) up to its amount, under any opcode, then its swap path: the steps are
 * followed through their `next` refs (the layout keeps the first step's `next` whole).
 */
export function parseDedustNativeSwap(s: Slice): { amount: bigint; steps: string[] } {
  const { amount } = loadLeadingFields(afterAnyOpcode(DEDUST.swap, s), s, ['query_id', 'amount']);
  return { amount, steps: parseDedustSwapSteps(s) };
}
