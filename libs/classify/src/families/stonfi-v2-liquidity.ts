/**
 * StonFi v2 liquidity (toncenter `blocks/liquidity.py` StonfiV2ProvideLiquidityMatcher and
 * StonfiV2WithdrawLiquidityMatcher): dex_deposit_liquidity and dex_withdraw_liquidity with dex
 * `stonfi_v2`.
 */
import { STONFI } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  GenericMatcher,
  getLabeled,
  labeled,
  OrMatcher,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { JettonOp, parseJettonInternalTransfer } from '../tlb/jetton';
import { parseStonfiV2ProvideLp } from '../tlb/stonfi';
import { assetAddress, TON_ASSET, type Asset } from './asset';
import { DexWithdrawLiquidityBlock, type DexWithdrawData } from './dex-withdraw-liquidity';
import { JettonBurnBlock, JettonTransferBlock } from './jettons';
import { parsePTonTransfer } from '../tlb/tonco';

export interface StonfiV2DepositData {
  sender: string | null;
  pool: string | null;
  asset_1: Asset | null;
  amount_1: bigint | null;
  sender_wallet_1: string | null;
  asset_2: Asset | null;
  amount_2: bigint | null;
  sender_wallet_2: string | null;
  lp_tokens_minted: bigint | null;
}

/** toncenter's generic `dex_deposit_liquidity` block (`_fill_dex_deposit_liquidity`). */
export class StonfiV2DepositLiquidityBlock extends Block {
  readonly dex = 'stonfi_v2';

  constructor(public data: StonfiV2DepositData) {
    super('dex_deposit_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.destination = d.pool;
    action.dex_deposit_liquidity_data = {
      dex: this.dex,
      amount1: d.amount_1,
      amount2: d.amount_2,
      asset1: assetAddress(d.asset_1),
      asset2: assetAddress(d.asset_2),
      user_jetton_wallet_1: d.sender_wallet_1,
      user_jetton_wallet_2: d.sender_wallet_2,
      lp_tokens_minted: d.lp_tokens_minted,
    };
  }
}

/**
 * Puts `proxy` between `parent` and some of its next blocks (toncenter `Block.insert_between`), so a
 * block merging `proxy` does not take `parent` along.
 */
function insertBetween(parent: Block, next: readonly Block[], proxy: Block): void {
  for (const child of parent.children) {
    if (next.some((n) => child.next.includes(n))) {
      child.next = [...child.next.filter((n) => !next.includes(n)), proxy];
    }
  }
  parent.next = parent.next.filter((n) => !next.includes(n));
  for (const n of next) {
    for (const child of n.children) {
      if (child.previous === n) {
        child.previous = proxy;
      }
    }
  }
  parent.connect(proxy);
  for (const n of next) {
    proxy.connect(n);
  }
}

/**
 * provide_lp (router → pool) after the incoming transfer (a jetton transfer, or pTON's ton_transfer
 * and its notification), then add_liquidity to the LP account and its optional answer: the LP tokens'
 * internal_transfer (lp_tokens_minted) or a refund (failed). When the first asset's deposit was
 * classified on its own under the same parent (the second provide of one operation), the two are one
 * deposit: its asset and amount become the second ones.
 */
export class StonfiV2ProvideLiquidityMatcher extends BlockMatcher {
  constructor() {
    const earlierPart = (): BlockMatcher =>
      new BlockMatcher({
        optional: true,
        child: labeled(
          'deposit_part',
          // toncenter: a dex_deposit_liquidity block of dex stonfi_v2, which only this family builds
          new GenericMatcher((b) => b instanceof StonfiV2DepositLiquidityBlock),
        ),
      });
    const inPton = new ContractMatcher(JettonOp.notify, {
      parent: labeled(
        'in_transfer',
        new ContractMatcher(STONFI.pton_ton_transfer.opcode, { parent: earlierPart() }),
      ),
    });
    const inJetton = (): BlockMatcher =>
      labeled('in_transfer', new BlockTypeMatcher('jetton_transfer', { parent: earlierPart() }));
    const inJettonViaWallet = new ContractMatcher(JettonOp.notify, {
      parent: new ContractMatcher(JettonOp.internalTransfer, { parent: inJetton() }),
    });
    const answer = new ContractMatcher(STONFI.cb_add_liquidity_v2.opcode, {
      optional: true,
      child: new OrMatcher([
        labeled('lp_token_transfer', new ContractMatcher(JettonOp.internalTransfer)),
        labeled('refund_add_liquidity', new ContractMatcher(STONFI.add_liquidity_v2.opcode)),
      ]),
    });
    super({
      parent: new OrMatcher([inPton, inJetton(), inJettonViaWallet]),
      child: new ContractMatcher(STONFI.add_liquidity_v2.opcode, { child: answer }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, STONFI.provide_lp_v2.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const failed = getLabeled('refund_add_liquidity', others) !== null;
    const inTransfer = getLabeled('in_transfer', others);
    const lpTransfer = getLabeled('lp_token_transfer', others);
    const earlier = getLabeled('deposit_part', others, StonfiV2DepositLiquidityBlock);
    const minted = lpTransfer
      ? parseJettonInternalTransfer(bodySlice(lpTransfer.message.body)).amount
      : null;
    const provide = parseStonfiV2ProvideLp(bodySlice(block.message.body));
    const data: StonfiV2DepositData = {
      sender: provide.from_user,
      pool: block.message.destination,
      asset_1: inTransfer instanceof JettonTransferBlock ? inTransfer.data.asset : TON_ASSET,
      amount_1: provide.amount1 > 0n ? provide.amount1 : provide.amount2,
      sender_wallet_1:
        inTransfer instanceof JettonTransferBlock ? inTransfer.data.sender_wallet : null,
      asset_2: null,
      amount_2: null,
      sender_wallet_2: null,
      lp_tokens_minted: minted,
    };
    const merged = [block, ...others];
    const parent = earlier?.previous ?? null;
    if (
      earlier &&
      inTransfer &&
      parent &&
      earlier.data.sender === data.sender &&
      earlier.data.pool === data.pool &&
      earlier.data.lp_tokens_minted !== data.lp_tokens_minted
    ) {
      const proxy = new Block('empty', []);
      insertBetween(parent, [earlier, inTransfer], proxy);
      merged.push(proxy);
      const at = merged.indexOf(parent);
      if (at < 0) {
        throw new Error('stonfi v2 deposit: the earlier part has no matched parent');
      }
      merged.splice(at, 1);
      data.amount_2 = earlier.data.amount_1;
      data.asset_2 = earlier.data.asset_1;
      data.sender_wallet_2 = earlier.data.sender_wallet_1;
      if (minted === null) {
        data.lp_tokens_minted = earlier.data.lp_tokens_minted;
      }
    }
    const nb = new StonfiV2DepositLiquidityBlock(data);
    nb.merge(merged);
    nb.failed = failed;
    return [nb];
  }
}

/**
 * pay_to (pool → router) answering a burn of LP tokens (burn_notification_ext after the jetton_burn)
 * or a refund (cb_refund_me after refund_me), followed by the router's jetton transfer; the sibling
 * pay_to of the other asset is merged in. A pTON payout's amount is the TON its ton_transfer carries.
 */
export class StonfiV2WithdrawLiquidityMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new OrMatcher([
        labeled(
          'withdraw_refunded_liquidity',
          new ContractMatcher(STONFI.cb_refund_me_v2.opcode, {
            parent: new ContractMatcher(STONFI.refund_me_v2.opcode),
          }),
        ),
        labeled(
          'withdraw_liquidity',
          new ContractMatcher(STONFI.burn_notification_ext_v2.opcode, {
            parent: new BlockTypeMatcher('jetton_burn'),
          }),
        ),
      ]),
      child: new BlockTypeMatcher('jetton_transfer'),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, STONFI.pay_to_v2.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const transfersOf = (b: Block): JettonTransferBlock[] =>
      b.next.filter((x): x is JettonTransferBlock => x instanceof JettonTransferBlock);
    const payouts: Block[] = [block];
    const additional: Block[] = [];
    for (const sibling of block.previous?.next ?? []) {
      if (sibling === block || others.includes(sibling)) {
        continue;
      }
      if (sibling instanceof CallContractBlock && sibling.opcode === STONFI.pay_to_v2.opcode) {
        const transfers = transfersOf(sibling);
        if (transfers.length > 0) {
          payouts.push(sibling);
          additional.push(...transfers);
        }
      }
    }
    const outs: DexWithdrawData['outs'] = [];
    for (const payout of payouts) {
      const transfer = transfersOf(payout)[0];
      if (!transfer) {
        continue;
      }
      const pton = transfer.next.find(
        (x): x is CallContractBlock =>
          x instanceof CallContractBlock && x.opcode === STONFI.pton_ton_transfer.opcode,
      );
      let amount: bigint | null = transfer.data.amount;
      let asset: Asset | null = transfer.data.asset;
      if (pton) {
        // the whole ton_transfer is read, as toncenter's PTonTransfer does: a body cut short matches nothing
        amount = parsePTonTransfer(bodySlice(pton.message.body)).ton_amount;
        asset = TON_ASSET;
        additional.push(pton);
      }
      // the first payout is asset 1; any later one is asset 2 (the last one wins, as toncenter's does)
      outs[outs.length === 0 ? 0 : 1] = {
        asset,
        amount,
        dexWallet: transfer.data.sender,
        dexJettonWallet: transfer.data.sender_wallet,
        userWallet: transfer.data.receiver_wallet,
      };
    }
    let sender: string | null = null;
    let senderWallet: string | null = null;
    let lpAsset: Asset | null = null;
    let burnt: bigint | null = null;
    const refunded = getLabeled('withdraw_refunded_liquidity', others);
    if (refunded) {
      sender = refunded.previous?.message.source ?? null;
    }
    const withdrawn = getLabeled('withdraw_liquidity', others);
    if (withdrawn) {
      const burn = withdrawn.previous;
      if (!(burn instanceof JettonBurnBlock)) {
        return [];
      }
      sender = burn.data.owner;
      senderWallet = burn.data.jetton_wallet;
      burnt = burn.data.amount;
      lpAsset = burn.data.asset;
    }
    const nb = new DexWithdrawLiquidityBlock({
      dex: 'stonfi_v2',
      sender,
      sender_wallet: senderWallet,
      pool: block.message.source,
      asset: lpAsset,
      lp_tokens_burnt: burnt,
      is_refund: refunded !== null,
      outs,
    });
    nb.merge([...payouts, ...others, ...additional]);
    return [nb];
  }
}
