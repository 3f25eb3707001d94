/** Asset helpers the router-based DEX families (StonFi v2, TONCO) share. */
import type { ClassifyContext } from '../core/context';
import { jettonAsset, TON_ASSET, type Asset } from './asset';
import type { DexTransfer } from './jetton-swap';
import { PTON_MASTERS, type JettonTransferBlock } from './jettons';

/** The asset a jetton wallet holds, pTON counting as TON (null when the wallet is unknown). */
export function walletAsset(ctx: ClassifyContext, wallet: string | null): Asset | null {
  const w = ctx.interfaces.jettonWallet(wallet);
  if (!w) {
    return null;
  }
  return PTON_MASTERS.has(w.jetton) ? TON_ASSET : jettonAsset(w.jetton);
}

/** A jetton transfer's asset, pTON counting as TON. */
export function unwrapPton(asset: Asset | null): Asset {
  const j = asset?.jetton ?? null;
  return j !== null && PTON_MASTERS.has(j) ? TON_ASSET : jettonAsset(j);
}

/** Orders blocks (or steps) by their first logical time, as toncenter's `sorted(..., key=min_lt)` does. */
export function byMinLt(a: { minLt: bigint }, b: { minLt: bigint }): number {
  return a.minLt < b.minLt ? -1 : a.minLt > b.minLt ? 1 : 0;
}

/** A jetton transfer into or out of a router as a swap leg, pTON counting as TON. */
export function routerTransferLeg(t: JettonTransferBlock): DexTransfer {
  const d = t.data;
  return {
    asset: unwrapPton(d.asset),
    amount: d.amount,
    source: d.sender,
    source_jetton_wallet: d.sender_wallet,
    destination: d.receiver,
    destination_jetton_wallet: d.receiver_wallet,
  };
}
