/** swap.coffee DEX messages, as toncenter reads them. */
import type { Slice } from '@ton/core';
import type { Asset } from '../families/asset';
import { loadAddr } from './cells';

export const CoffeeOp = {
  swapNative: 0xc0ffee00,
  swapInternal: 0xc0ffee20,
  swapSuccessfulEvent: 0xc0ffee30,
  payoutInternal: 0xc0ffee21,
  payout: 0xc0ffee32,
  notification: 0xc0ffee36,
} as const;

/** native$00 = Asset; jetton$01 chain:uint8 hash:uint256 = Asset; extra$10 id:uint32 = Asset (refused) */
export function loadCoffeeAsset(s: Slice): Asset {
  const tag = s.loadUint(2);
  if (tag === 0) {
    return { isTon: true, jetton: null };
  }
  if (tag === 1) {
    const wc = s.loadInt(8);
    return { isTon: false, jetton: `${wc}:${s.loadBuffer(32).toString('hex').toUpperCase()}` };
  }
  throw new Error(`unsupported coffee asset tag ${tag}`);
}

/** swap_native#c0ffee00 query_id:uint64 amount:Coins ... (user → native vault): the amount. */
export function parseCoffeeSwapNativeAmount(s: Slice): bigint {
  s.skip(32 + 64);
  return s.loadCoins();
}

export interface CoffeeSwapEvent {
  input: Asset;
  input_amount: bigint;
  output_amount: bigint;
}

/** swap_successful_event#c0ffee30 query_id:uint64 input:Asset input_amount:Coins output_amount:Coins ... */
export function parseCoffeeSwapSuccessfulEvent(s: Slice): CoffeeSwapEvent {
  s.skip(32 + 64);
  const input = loadCoffeeAsset(s);
  return { input, input_amount: s.loadCoins(), output_amount: s.loadCoins() };
}

/** payout_internal#c0ffee21 query_id:uint64 recipient:MsgAddressInt amount:Coins ... */
export function parseCoffeePayoutInternal(s: Slice): { recipient: string | null; amount: bigint } {
  s.skip(32 + 64);
  const recipient = loadAddr(s);
  return { recipient, amount: s.loadCoins() };
}

export const CoffeeMiscOp = {
  createVault: 0xc0ffee06,
  deploy: 0xc0ffee22,
  mevProtectHoldFunds: 0x6bc79e7e,
  serviceFee: 0xc0ffeea0,
} as const;

/** create_vault#c0ffee06 query_id:uint64 asset:Asset */
export function parseCoffeeCreateVaultAsset(s: Slice): Asset {
  s.skip(32 + 64);
  return loadCoffeeAsset(s);
}
