/** Asset helpers the router-based DEX families (StonFi v2, TONCO) share. */
import type { Cell } from '@ton/core';
import { STONFI } from '@app/ton';
import { CallContractBlock } from '../core/basic-blocks';
import type { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { bodySlice } from '../tlb/cells';
import { parsePTonTransfer } from '../tlb/tonco';
import { jettonAsset, TON_ASSET, type Asset } from './asset';
import type { DexTransfer } from './jetton-swap';
import { JettonTransferBlock, PTON_MASTERS } from './jettons';

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

/**
 * The leg into a router before `swap`: a jetton transfer, or TON sent with the message (a pTON
 * ton_transfer's amount and forward payload when there is one). The payload is null otherwise.
 */
export function routerIncomingLeg(
  inTransfer: Block,
  swap: Block,
): { sender: string | null; incoming: DexTransfer; inPayload: Cell | null } {
  if (inTransfer instanceof JettonTransferBlock) {
    return {
      sender: inTransfer.data.sender,
      incoming: routerTransferLeg(inTransfer),
      inPayload: null,
    };
  }
  const msg = inTransfer.message;
  let amount = msg.value;
  let inPayload: Cell | null = null;
  if (
    inTransfer instanceof CallContractBlock &&
    inTransfer.opcode === STONFI.pton_ton_transfer.opcode
  ) {
    const p = parsePTonTransfer(bodySlice(msg.body));
    amount = p.ton_amount;
    inPayload = p.forward_payload;
  }
  return {
    sender: msg.source,
    incoming: {
      asset: TON_ASSET,
      amount,
      source: msg.source,
      source_jetton_wallet: null,
      destination: swap.message.source,
      destination_jetton_wallet: msg.destination,
    },
    inPayload,
  };
}
