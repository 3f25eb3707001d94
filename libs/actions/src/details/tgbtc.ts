/**
 * tgBTC teleport details (ton-index-go `index/parse/actions.go`, the tgbtc_* cases of
 * `ParseRawAction`; json tags of `ActionDetailsTgbtc*` and `ActionDetailsDkgLogFallback` in
 * `index/models/actions.go`). A log-only `_fallback` row renders like its full type: the columns the
 * log could not tell stay null.
 */
import { str } from './shared';
import type { Renderer } from './types';

const mint: Renderer = (a) => ({
  source: a.source,
  destination: a.destination,
  amount: str(a.amount),
  asset: a.asset,
  // the Bitcoin transaction id rides in asset_secondary, the teleport's recipient wallet in destination_secondary
  bitcoin_tx_id: a.asset_secondary,
  destination_wallet: a.destination_secondary,
});

const burn: Renderer = (a) => ({
  source: a.source,
  source_wallet: a.source_secondary,
  destination: a.destination,
  amount: str(a.amount),
  asset: a.asset,
});

const newKey: Renderer = (a) => ({
  source: a.source,
  // the new internal public key (hex) rides in source_secondary
  pubkey: a.source_secondary,
  coordinator: a.destination,
  pegout: a.destination_secondary,
  amount: str(a.amount),
  asset: a.asset,
});

export const TGBTC_RENDERERS: Record<string, Renderer> = {
  tgbtc_mint: mint,
  tgbtc_mint_fallback: mint,
  tgbtc_burn: burn,
  tgbtc_burn_fallback: burn,
  tgbtc_new_key: newKey,
  tgbtc_new_key_fallback: newKey,
  // the completed DKG's public key rides in asset, its timestamp in value
  tgbtc_dkg_log_fallback: (a) => ({
    coordinator: a.source,
    pubkey: a.asset,
    timestamp: str(a.value),
  }),
};
