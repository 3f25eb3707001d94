/**
 * EVAA lending details (ton-index-go `ParseRawAction`, the evaa_* cases, and the json tags of
 * `ActionDetailsEvaa*` in `index/models/actions.go`). A supply's `sender_jetton_wallet` comes from
 * the data column, which neither classifier fills (the wallet is `source_wallet`), so it is null.
 */
import { EVAA_MAINNET_ASSETS, EVAA_TON_ASSET_ID_HEX } from './evaa-assets';
import { bool, field, str } from './shared';
import type { ApiJson, Renderer } from './types';

/** The collateral's jetton master and whether EVAA's asset id is a known one (TON is known, with no master). */
function evaaAsset(assetId: string | null): { asset: string | null; known: boolean } {
  if (assetId === null) {
    return { asset: null, known: false };
  }
  if (assetId === EVAA_TON_ASSET_ID_HEX) {
    return { asset: null, known: true };
  }
  const master = EVAA_MAINNET_ASSETS.get(assetId);
  return { asset: master ?? null, known: master !== undefined };
}

export const EVAA_RENDERERS: Record<string, Renderer> = {
  evaa_supply: (a) => {
    const d = a.evaa_supply_data;
    return {
      sender_jetton_wallet: str(field(d, 'sender_jetton_wallet')),
      recipient_jetton_wallet: str(field(d, 'recipient_jetton_wallet')),
      master_jetton_wallet: str(field(d, 'master_jetton_wallet')),
      master: str(field(d, 'master')),
      asset_id: str(field(d, 'asset_id')),
      is_ton: bool(field(d, 'is_ton')),
      source: a.source,
      source_wallet: a.source_secondary,
      recipient: a.destination,
      recipient_contract: a.destination_secondary,
      asset: a.asset,
      amount: str(a.amount),
    };
  },
  evaa_withdraw: (a) => {
    const d = a.evaa_withdraw_data;
    return {
      recipient_jetton_wallet: str(field(d, 'recipient_jetton_wallet')),
      master_jetton_wallet: str(field(d, 'master_jetton_wallet')),
      master: str(field(d, 'master')),
      fail_reason: str(field(d, 'fail_reason')),
      asset_id: str(field(d, 'asset_id')),
      source: a.source,
      recipient: a.destination,
      owner_contract: a.destination_secondary,
      asset: a.asset,
      amount: str(a.amount),
    };
  },
  evaa_liquidate: (a): Record<string, ApiJson> => {
    const d = a.evaa_liquidate_data;
    const assetId = str(field(d, 'asset_id'));
    const { asset, known } = evaaAsset(assetId);
    return {
      fail_reason: str(field(d, 'fail_reason')),
      debt_amount: str(field(d, 'debt_amount')),
      source: a.source,
      borrower: a.destination,
      borrower_contract: a.destination_secondary,
      collateral: a.asset,
      asset_id: assetId,
      asset,
      is_known_asset: known,
      amount: str(a.amount),
    };
  },
};
