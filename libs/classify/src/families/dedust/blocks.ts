/**
 * DeDust liquidity blocks (toncenter `liquidity.py` DedustDepositLiquidity and
 * DedustDepositLiquidityPartial) and the matcher pieces both deposit matchers share.
 */
import { DEDUST } from '@app/ton';
import type { ActionData, ActionRow } from '../../action';
import { type BlockMatcher, BlockTypeMatcher, ContractMatcher, labeled } from '../../core/matchers';
import { Block } from '../../core/block';
import { JettonOp } from '../../tlb/jetton';
import { assetAddress, type Asset } from '../asset';
import { JettonTransferBlockMatcher } from '../jettons';

export interface DedustDepositData {
  sender: string | null;
  deposit_contract: string | null;
  pool_address: string | null;
  lp_tokens_minted: bigint | null;
  asset_1: Asset | null;
  amount_1: bigint | null;
  asset_2: Asset | null;
  amount_2: bigint | null;
  user_jetton_wallet_1: string | null;
  user_jetton_wallet_2: string | null;
  target_asset_1: Asset | null;
  target_amount_1: bigint | null;
  target_asset_2: Asset | null;
  target_amount_2: bigint | null;
  vault_excesses: [Asset, bigint][];
}

/** A deposit of one asset: it and its amount and user jetton wallet stand on `side`, the other side empty. */
export function oneAssetDeposited(
  side: 1 | 2,
  asset: Asset | null,
  amount: bigint | null,
  userWallet: string | null,
): Pick<
  DedustDepositData,
  'asset_1' | 'amount_1' | 'asset_2' | 'amount_2' | 'user_jetton_wallet_1' | 'user_jetton_wallet_2'
> {
  const first = side === 1;
  return {
    asset_1: first ? asset : null,
    amount_1: first ? amount : null,
    asset_2: first ? null : asset,
    amount_2: first ? null : amount,
    user_jetton_wallet_1: first ? userWallet : null,
    user_jetton_wallet_2: first ? null : userWallet,
  };
}

function depositColumns(d: DedustDepositData, dex: string): ActionData {
  return {
    dex,
    asset1: assetAddress(d.asset_1),
    amount1: d.amount_1,
    asset2: assetAddress(d.asset_2),
    amount2: d.amount_2,
    user_jetton_wallet_1: d.user_jetton_wallet_1,
    user_jetton_wallet_2: d.user_jetton_wallet_2,
    lp_tokens_minted: d.lp_tokens_minted,
    target_asset_1: assetAddress(d.target_asset_1),
    target_amount_1: d.target_amount_1,
    target_asset_2: assetAddress(d.target_asset_2),
    target_amount_2: d.target_amount_2,
  };
}

/** `dedust_deposit_liquidity` (stored as dex_deposit_liquidity): the deposit that reached the pool. */
export class DedustDepositLiquidityBlock extends Block {
  constructor(
    public data: DedustDepositData,
    readonly dex = 'dedust',
    type = 'dedust_deposit_liquidity',
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.destination = d.pool_address;
    action.destination_secondary = d.deposit_contract;
    action.dex_deposit_liquidity_data = {
      ...depositColumns(d, this.dex),
      vault_excesses: d.vault_excesses.map(([asset, amount]) => ({
        asset: assetAddress(asset),
        amount,
      })),
    };
  }
}

/** `dedust_deposit_liquidity_partial`: one asset sent to a deposit contract, the pool not reached yet. */
export class DedustDepositLiquidityPartialBlock extends Block {
  constructor(public data: DedustDepositData) {
    super('dedust_deposit_liquidity_partial', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.destination_secondary = d.deposit_contract;
    action.dex_deposit_liquidity_data = { ...depositColumns(d, 'dedust'), lp_tokens_minted: null };
  }
}

/** The jetton leg of a deposit/first deposit: transfer → internal_transfer → notify (vault). */
export function jettonDepositMatcher(): ContractMatcher {
  return new ContractMatcher(JettonOp.notify, {
    parent: new ContractMatcher(JettonOp.internalTransfer, {
      includeExcess: true,
      parent: new ContractMatcher(JettonOp.transfer),
    }),
  });
}

export function excessMatchers(): BlockMatcher[] {
  const jettonExcess = new JettonTransferBlockMatcher();
  jettonExcess.optional = true;
  const returnExcess = (): ContractMatcher =>
    new ContractMatcher(DEDUST.return_excess.opcode, {
      optional: true,
      children: [
        labeled('jetton_excess', jettonExcess, true),
        labeled('ton_excess', new ContractMatcher(DEDUST.payout.opcode, { optional: true })),
      ],
    });
  return [new BlockTypeMatcher('ton_transfer', { optional: true }), returnExcess(), returnExcess()];
}
