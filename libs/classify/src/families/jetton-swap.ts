/** The jetton_swap action shared by every DEX family (toncenter `JettonSwapBlock` and its serialiser). */
import type { ActionData, ActionRow } from '../action';
import { Block } from '../core/block';
import { assetAddress, type Asset } from './asset';

export interface DexTransfer {
  asset: Asset | null;
  amount: bigint | null;
  source: string | null;
  source_jetton_wallet: string | null;
  destination: string | null;
  destination_jetton_wallet: string | null;
}

export interface PeerSwap {
  in: { asset: Asset; amount: bigint };
  out: { asset: Asset; amount: bigint };
}

export type DexName = 'stonfi' | 'stonfi_v2' | 'dedust' | 'tonco' | 'coffee';

export interface JettonSwapData {
  dex: DexName;
  sender: string | null;
  dex_incoming_transfer: DexTransfer;
  dex_outgoing_transfer: DexTransfer;
  source_asset?: Asset | null;
  destination_asset?: Asset | null;
  destination_wallet?: string | null;
  peer_swaps?: PeerSwap[] | null;
  min_out_amount?: bigint | null;
}

function transferColumns(t: DexTransfer): ActionData {
  return {
    amount: t.amount,
    source: t.source,
    source_jetton_wallet: t.source_jetton_wallet,
    destination: t.destination,
    destination_jetton_wallet: t.destination_jetton_wallet,
    asset: assetAddress(t.asset),
  };
}

export class JettonSwapBlock extends Block {
  constructor(public data: JettonSwapData) {
    super('jetton_swap', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    const incoming = transferColumns(d.dex_incoming_transfer);
    const outgoing = transferColumns(d.dex_outgoing_transfer);
    action.asset = assetAddress(d.dex_incoming_transfer.asset);
    action.asset2 = assetAddress(d.dex_outgoing_transfer.asset);
    if (d.dex === 'stonfi_v2' || d.dex === 'dedust' || d.dex === 'tonco') {
      action.asset = assetAddress(d.source_asset);
      action.asset2 = assetAddress(d.destination_asset);
    }
    action.source = d.dex_incoming_transfer.source;
    action.source_secondary = d.dex_incoming_transfer.source_jetton_wallet;
    action.destination = d.dex_outgoing_transfer.destination;
    action.destination_secondary = d.dex_outgoing_transfer.destination_jetton_wallet;
    if (d.destination_wallet) {
      action.destination_secondary = d.destination_wallet;
    }
    if (d.destination_asset) {
      action.asset2 = assetAddress(d.destination_asset);
    }
    const data: ActionData = {
      dex: d.dex,
      sender: d.sender,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoing,
      min_out_amount: d.min_out_amount ?? null,
    };
    if (d.peer_swaps) {
      data.peer_swaps = d.peer_swaps.map((p) => ({
        amount_in: p.in.amount,
        asset_in: assetAddress(p.in.asset),
        amount_out: p.out.amount,
        asset_out: assetAddress(p.out.asset),
      }));
    }
    action.jetton_swap_data = data;
  }
}
