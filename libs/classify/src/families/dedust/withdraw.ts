/** DeDust withdrawal (toncenter `DedustWithdrawBlockMatcher`). */
import { DEDUST } from '@app/ton';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { parseDedustPayoutAmount } from '../../tlb/dedust';
import { JettonOp, parseJettonBurn } from '../../tlb/jetton';
import { TON_ASSET, jettonAsset, type Asset } from '../asset';
import { DexWithdrawLiquidityBlock } from '../dex-withdraw-liquidity';
import { JettonTransferBlock } from '../jettons';

/** LP burn → burn_notification (pool) → two payouts (TON payout or jetton transfer). */
export class DedustWithdrawBlockMatcher extends BlockMatcher {
  constructor() {
    const payout = (label: string): ContractMatcher =>
      new ContractMatcher(DEDUST.payout_from_pool.opcode, {
        child: new OrMatcher([
          labeled(label, new ContractMatcher(DEDUST.payout.opcode)),
          labeled(label, new BlockTypeMatcher('jetton_transfer')),
        ]),
      });
    super({
      child: new ContractMatcher(JettonOp.burnNotification, {
        children: [payout('payout_1'), payout('payout_2')],
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JettonOp.burn);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const sender = block.message.source;
    const senderWallet = block.message.destination;
    const burn = parseJettonBurn(bodySlice(block.message.body));
    const notify = block.next[0];
    const pool = notify ? notify.message.destination : null;
    const lpWallet = ctx.interfaces.jettonWallet(senderWallet);
    if (!lpWallet) {
      return [];
    }
    const outs: {
      asset: Asset | null;
      amount: bigint;
      dexWallet: string | null;
      dexJettonWallet: string | null;
      userWallet: string | null;
    }[] = [];
    for (const label of ['payout_1', 'payout_2']) {
      const p = getLabeled(label, others);
      const request = p?.previous ?? null;
      if (!p || !request) {
        continue;
      }
      const amount = parseDedustPayoutAmount(bodySlice(request.message.body));
      if (p instanceof CallContractBlock && p.opcode === DEDUST.payout.opcode) {
        outs.push({
          asset: TON_ASSET,
          amount,
          dexWallet: p.message.source,
          dexJettonWallet: null,
          userWallet: null,
        });
      } else if (p instanceof JettonTransferBlock) {
        outs.push({
          asset: p.data.asset,
          amount,
          dexWallet: p.data.sender,
          dexJettonWallet: p.data.sender_wallet,
          userWallet: p.data.receiver_wallet,
        });
      } else {
        return [];
      }
    }
    const [o1, o2] = outs;
    if (!o1 || !o2) {
      throw new Error('dedust withdrawal without two payouts');
    }
    const nb = new DexWithdrawLiquidityBlock({
      dex: 'dedust',
      sender,
      sender_wallet: senderWallet,
      pool,
      asset: jettonAsset(lpWallet.jetton),
      lp_tokens_burnt: burn.amount,
      is_refund: false,
      outs: [o1, o2],
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
