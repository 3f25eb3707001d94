/** TONCO liquidity withdrawal (toncenter `liquidity.py` ToncoWithdrawLiquidityMatcher): position burn. */
import { loadFields, TONCO, STONFI } from '@app/ton';
import type { ActionRow } from '../../action';
import { findCall, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { tryParse } from '../../tlb/parse-result';
import {
  parsePTonTransfer,
  parseToncoPayTo,
  parseToncoPoolBurnIndex,
  parseToncoPositionBurnOwner,
} from '../../tlb/tonco';
import { assetAddress, TON_ASSET, type Asset } from '../asset';
import { walletAsset } from '../dex-assets';
import { JettonTransferBlock } from '../jettons';

interface ToncoPayout {
  amount: bigint | null;
  asset: Asset | null;
  dex_wallet: string | null;
  dex_jetton_wallet: string | null;
  wallet: string | null;
}

interface ToncoWithdrawData {
  sender: string | null;
  pool: string | null;
  burned_nft_index: bigint;
  burned_nft_address: string | null;
  liquidity_burnt: bigint;
  tick_lower: number;
  tick_upper: number;
  payouts: ToncoPayout[];
}

/** `tonco_withdraw_liquidity` (stored as dex_withdraw_liquidity). */
export class ToncoWithdrawLiquidityBlock extends Block {
  constructor(public data: ToncoWithdrawData) {
    super('tonco_withdraw_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    const [p1, p2] = d.payouts;
    action.type = 'dex_withdraw_liquidity';
    action.source = d.sender;
    action.source_secondary = null;
    action.destination = d.pool;
    action.asset = null;
    action.dex_withdraw_liquidity_data = {
      dex: 'tonco',
      amount1: p1?.amount ?? null,
      amount2: p2?.amount ?? null,
      asset1_out: assetAddress(p1?.asset),
      asset2_out: assetAddress(p2?.asset),
      user_jetton_wallet_1: p1?.wallet ?? null,
      user_jetton_wallet_2: p2?.wallet ?? null,
      dex_jetton_wallet_1: p1?.dex_jetton_wallet ?? null,
      dex_wallet_1: p1?.dex_wallet ?? null,
      dex_wallet_2: p2?.dex_wallet ?? null,
      dex_jetton_wallet_2: p2?.dex_jetton_wallet ?? null,
      lp_tokens_burnt: d.liquidity_burnt,
      burned_nft_index: d.burned_nft_index,
      burned_nft_address: d.burned_nft_address,
      tick_lower: d.tick_lower,
      tick_upper: d.tick_upper,
    };
  }
}

/** The router's wTTON (pTON) wallet: a payout leg from it is TON. */
const TONCO_ROUTER_WTTON_WALLET =
  '0:871DA9215B14902166F0EA2A16DB56278D528108377F8158C5F4CCFDFDD22E17';

/** start burn (pool) → position burn (NFT) → pool burn → pay_to (router) → two payouts. */
export class ToncoWithdrawLiquidityMatcher extends BlockMatcher {
  constructor() {
    const output = (): BlockTypeMatcher =>
      new BlockTypeMatcher('jetton_transfer', {
        child: new ContractMatcher(STONFI.pton_ton_transfer.opcode, { optional: true }),
        optional: true,
      });
    super({
      child: new ContractMatcher(TONCO.position_burn.opcode, {
        child: new ContractMatcher(TONCO.pool_burn.opcode, {
          child: new ContractMatcher(TONCO.router_pay_to.opcode, {
            children: [labeled('payout_1', output()), labeled('payout_2', output())],
          }),
        }),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, TONCO.pool_start_burn.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const start = loadFields(TONCO.pool_start_burn, bodySlice(block.message.body));
    let burnedIndex = start.burned_index;
    const positionBurn = findCall(block.next, TONCO.position_burn.opcode);
    if (!positionBurn) {
      return [];
    }
    const sender = parseToncoPositionBurnOwner(bodySlice(positionBurn.message.body));
    const poolBurn = findCall(positionBurn.next, TONCO.pool_burn.opcode);
    if (!poolBurn) {
      return [];
    }
    // a pool burn without a readable index keeps the start-burn index
    const idx = tryParse(() => parseToncoPoolBurnIndex(bodySlice(poolBurn.message.body)));
    if (idx.ok && idx.value !== 0n) {
      burnedIndex = idx.value;
    }
    const payTo = findCall(poolBurn.next, TONCO.router_pay_to.opcode);
    if (!payTo) {
      return [];
    }
    const pay = parseToncoPayTo(bodySlice(payTo.message.body));
    // toncenter reads both legs' router wallets unconditionally (its pTON check calls a method on
    // them), so a pay_to without its coins cell or with addr_none there builds no withdrawal
    if (pay.jetton0 === null || pay.jetton1 === null) {
      return [];
    }
    const legs = [
      { amount: pay.amount0 ?? 0n, wallet: pay.jetton0, receiver: pay.receiver0 },
      { amount: pay.amount1 ?? 0n, wallet: pay.jetton1, receiver: pay.receiver1 },
    ].map((l) => (l.wallet === TONCO_ROUTER_WTTON_WALLET ? { ...l, wallet: null } : l));
    const extra: Block[] = [];
    let processed: ToncoPayout[] = [];
    const transfers = [getLabeled('payout_1', others), getLabeled('payout_2', others)];
    for (let i = 0; i < transfers.length; i++) {
      const t = transfers[i];
      const leg = legs[i];
      if (t instanceof JettonTransferBlock) {
        const p = findCall(t.next, STONFI.pton_ton_transfer.opcode);
        let amount: bigint = t.data.amount;
        let asset: Asset | null = t.data.asset;
        if (p) {
          amount = parsePTonTransfer(bodySlice(p.message.body)).ton_amount;
          asset = TON_ASSET;
          extra.push(p);
        }
        processed.push({
          amount,
          asset,
          dex_wallet: t.data.sender,
          dex_jetton_wallet: t.data.sender_wallet,
          wallet: t.data.receiver_wallet,
        });
      } else if (leg) {
        processed.push({
          amount: leg.amount,
          asset: leg.wallet === null ? null : walletAsset(ctx, leg.wallet),
          dex_wallet: payTo.message.source,
          dex_jetton_wallet: leg.wallet,
          wallet: leg.receiver,
        });
      } else {
        return [];
      }
    }
    if ((processed[0]?.dex_jetton_wallet ?? null) !== (legs[0]?.wallet ?? null)) {
      processed = processed.reverse();
    }
    const nb = new ToncoWithdrawLiquidityBlock({
      sender,
      pool: block.message.destination,
      burned_nft_index: burnedIndex,
      burned_nft_address: positionBurn.message.destination,
      liquidity_burnt: start.liquidity_to_burn,
      tick_lower: start.tick_lower,
      tick_upper: start.tick_upper,
      payouts: processed,
    });
    const include = [...new Set([block, ...others, ...extra, positionBurn, poolBurn, payTo])];
    nb.merge(include);
    nb.failed = pay.exit_code !== 0 && pay.exit_code !== 201;
    return [nb];
  }
}
