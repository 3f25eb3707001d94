/** The dex_withdraw_liquidity action several DEX families build (DeDust, StonFi v2, Coffee). */
import type { ActionRow } from '../action';
import { Block } from '../core/block';
import { assetAddress, type Asset } from './asset';

export interface DexWithdrawData {
  dex: string;
  sender: string | null;
  sender_wallet: string | null;
  pool: string | null;
  asset: Asset | null;
  lp_tokens_burnt: bigint | null;
  is_refund: boolean;
  outs: {
    asset: Asset | null;
    amount: bigint | null;
    dexWallet: string | null;
    dexJettonWallet: string | null;
    userWallet: string | null;
  }[];
}

/** `dex_withdraw_liquidity` (toncenter `_fill_dex_withdraw_liquidity`). */
export class DexWithdrawLiquidityBlock extends Block {
  constructor(public data: DexWithdrawData) {
    super('dex_withdraw_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    const [o1, o2] = d.outs;
    action.source = d.sender;
    action.source_secondary = d.sender_wallet;
    action.destination = d.pool;
    action.asset = assetAddress(d.asset);
    action.dex_withdraw_liquidity_data = {
      dex: d.dex,
      amount1: o1?.amount ?? null,
      amount2: o2?.amount ?? null,
      asset1_out: assetAddress(o1?.asset),
      asset2_out: assetAddress(o2?.asset),
      user_jetton_wallet_1: o1?.userWallet ?? null,
      user_jetton_wallet_2: o2?.userWallet ?? null,
      dex_jetton_wallet_1: o1?.dexJettonWallet ?? null,
      dex_wallet_1: o1?.dexWallet ?? null,
      dex_wallet_2: o2?.dexWallet ?? null,
      dex_jetton_wallet_2: o2?.dexJettonWallet ?? null,
      is_refund: d.is_refund,
      lp_tokens_burnt: d.lp_tokens_burnt,
    };
  }
}
