/** TONCO liquidity deposits (toncenter `liquidity.py` ToncoDepositLiquidityMatcher): one action per funded side. */
import { loadFields, TONCO, STONFI } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, findCall, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  EXCESS_OP,
  OrMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { JettonOp, parseJettonNotify } from '../../tlb/jetton';
import {
  parsePTonTransfer,
  parseToncoFundAccountPayload,
  parseToncoPositionInit,
} from '../../tlb/tonco';
import { assetAddress, TON_ASSET, type Asset } from '../asset';
import { walletAsset } from '../dex-assets';
import { JettonTransferBlock } from '../jettons';
import { NftMintBlock } from '../nft';

interface ToncoDepositData {
  sender: string | null;
  pool: string | null;
  account_contract: string | null;
  position_amount_1: bigint;
  position_amount_2: bigint;
  lp_tokens_minted: bigint | null;
  tick_lower: number;
  tick_upper: number;
  nft_index: bigint | null;
  nft_address: string | null;
  amount_1: bigint | null;
  asset_1: Asset | null;
  sender_wallet_1: string | null;
  amount_2: bigint | null;
  asset_2: Asset | null;
  sender_wallet_2: string | null;
  excesses: [Asset | null, bigint][];
}

/** `tonco_deposit_liquidity` (stored as dex_deposit_liquidity). */
export class ToncoDepositLiquidityBlock extends Block {
  constructor(public data: ToncoDepositData) {
    super('tonco_deposit_liquidity', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'dex_deposit_liquidity';
    action.source = d.sender;
    action.source_secondary = d.sender_wallet_1 ?? d.sender_wallet_2;
    action.destination = d.pool;
    action.destination_secondary = d.account_contract;
    const actual: [bigint, Asset | null][] = [];
    for (const [amt, asset] of [
      [d.amount_1, d.asset_1],
      [d.amount_2, d.asset_2],
    ] as const) {
      if (amt !== null) {
        actual.push([amt, asset]);
      }
    }
    const [a1, a2] = actual;
    action.dex_deposit_liquidity_data = {
      dex: 'tonco',
      amount1: a1 ? a1[0] : null,
      amount2: a2 ? a2[0] : null,
      asset1: assetAddress(a1?.[1]),
      asset2: assetAddress(a2?.[1]),
      user_jetton_wallet_1: d.sender_wallet_1,
      user_jetton_wallet_2: d.sender_wallet_2,
      lp_tokens_minted: d.lp_tokens_minted,
      tick_lower: d.tick_lower,
      tick_upper: d.tick_upper,
      nft_index: d.nft_index,
      nft_address: d.nft_address,
      target_amount_1: d.position_amount_1,
      target_amount_2: d.position_amount_2,
      target_asset_1: assetAddress(d.asset_1),
      target_asset_2: assetAddress(d.asset_2),
      vault_excesses: d.excesses.map(([asset, amount]) => ({
        asset: assetAddress(asset),
        amount,
      })),
    };
  }
}

/** (pTON or jetton) transfer → fund account (pool) → add liquidity (account) → mint and refund. */
export class ToncoDepositLiquidityMatcher extends BlockMatcher {
  constructor() {
    const tonInput = labeled(
      'ton_input',
      new ContractMatcher(JettonOp.notify, {
        parent: labeled('ton_input_addition', new ContractMatcher(STONFI.pton_ton_transfer.opcode)),
      }),
    );
    const jettonInput = labeled('jetton_input', new BlockTypeMatcher('jetton_transfer'));
    const output = (): BlockTypeMatcher =>
      new BlockTypeMatcher('jetton_transfer', {
        child: new ContractMatcher(STONFI.pton_ton_transfer.opcode, { optional: true }),
        optional: true,
      });
    const refund = labeled(
      'refund_router_call',
      new ContractMatcher(TONCO.router_pay_to.opcode, {
        optional: true,
        children: [labeled('excess_transfer_0', output()), labeled('excess_transfer_1', output())],
      }),
    );
    const mintAndRefund = new ContractMatcher(TONCO.pool_mint.opcode, {
      optional: true,
      children: [
        refund,
        labeled('nft_mint', new BlockTypeMatcher('nft_mint')),
        new ContractMatcher(EXCESS_OP, { optional: true }),
      ],
    });
    super({
      parent: new ContractMatcher(TONCO.pool_fund_account.opcode, {
        parent: new OrMatcher([tonInput, jettonInput]),
      }),
      child: mintAndRefund,
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, TONCO.account_add_liquidity.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const add = loadFields(TONCO.account_add_liquidity, bodySlice(block.message.body));
    const firstDeposited = add.new_amount0 > 0n;
    let lpTokens: bigint | null = null;
    let nftIndex: bigint | null = null;
    let nftAddress: string | null = null;
    const mint = getLabeled('nft_mint', others);
    if (mint) {
      const init = parseToncoPositionInit(bodySlice(mint.message.body));
      lpTokens = init.liquidity;
      nftIndex = init.nft_index;
      nftAddress = mint instanceof NftMintBlock ? mint.data.address : mint.message.destination;
    }
    const input = getLabeled('ton_input', others) ?? getLabeled('jetton_input', others);
    if (!input) {
      return [];
    }
    let notify: Block | null = null;
    if (input instanceof JettonTransferBlock) {
      notify = findCall(input.children, JettonOp.notify);
    } else if (input instanceof CallContractBlock && input.opcode === JettonOp.notify) {
      notify = input;
    }
    const extra: Block[] = [];
    const addition = getLabeled('ton_input_addition', others);
    if (addition) {
      extra.push(addition);
    }
    if (!notify) {
      return [];
    }
    const n = parseJettonNotify(bodySlice(notify.message.body));
    if (!n.payload || n.payload.remainingBits < 32) {
      return [];
    }
    if (n.payload.preloadUint(32) >>> 0 !== TONCO.pool_fund_account.opcode) {
      return [];
    }
    const other = parseToncoFundAccountPayload(n.payload).other_jetton_wallet;
    if (other === null) {
      return [];
    }
    const senderWallet = input instanceof JettonTransferBlock ? input.data.sender_wallet : null;
    const firstAsset = walletAsset(ctx, notify.message.source) ?? TON_ASSET;
    const secondAsset = walletAsset(ctx, other);
    const excesses: [Asset | null, bigint][] = [];
    for (const label of ['excess_transfer_0', 'excess_transfer_1']) {
      const t = getLabeled(label, others);
      if (!(t instanceof JettonTransferBlock)) {
        continue;
      }
      const p = findCall(t.next, STONFI.pton_ton_transfer.opcode);
      if (p) {
        excesses.push([TON_ASSET, parsePTonTransfer(bodySlice(p.message.body)).ton_amount]);
      } else {
        excesses.push([t.data.asset, t.data.amount]);
      }
    }
    const nb = new ToncoDepositLiquidityBlock({
      sender: n.sender,
      pool: block.message.source,
      account_contract: block.message.destination,
      position_amount_1: add.new_enough0,
      position_amount_2: add.new_enough1,
      lp_tokens_minted: lpTokens,
      tick_lower: add.tick_lower,
      tick_upper: add.tick_upper,
      nft_index: nftIndex,
      nft_address: nftAddress,
      amount_1: firstDeposited ? n.amount : null,
      asset_1: firstDeposited ? firstAsset : secondAsset,
      sender_wallet_1: firstDeposited ? senderWallet : null,
      amount_2: firstDeposited ? null : n.amount,
      asset_2: firstDeposited ? secondAsset : firstAsset,
      sender_wallet_2: firstDeposited ? null : senderWallet,
      excesses,
    });
    nb.merge([block, ...others, ...extra]);
    return [nb];
  }
}
