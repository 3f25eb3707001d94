/** DeDust final deposit (toncenter `DedustDepositBlockMatcher`): the deposit that reaches the pool. */
import { DEDUST, JETTON, loadLeadingFields } from '@app/ton';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  ContractMatcher,
  OrMatcher,
  getAllLabeled,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { afterAnyOpcode, bodySlice } from '../../tlb/cells';
import { parseDedustDepositToPool, parseDedustDepositTonToVault } from '../../tlb/dedust';
import { JettonOp, parseJettonInternalTransfer } from '../../tlb/jetton';
import { TON_ASSET, jettonAsset, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import {
  DedustDepositLiquidityBlock,
  excessMatchers,
  jettonDepositMatcher,
  type DedustDepositData,
  oneAssetDeposited,
} from './blocks';

/** deposit (TON vault / jetton notify) → ask factory → top-up → deposit to pool → LP mint or rejection. */
export class DedustDepositBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new ContractMatcher(DEDUST.top_up_deposit.opcode, {
        parent: new ContractMatcher(DEDUST.ask_liquidity.opcode, {
          parent: new OrMatcher([
            labeled('deposit', new ContractMatcher(DEDUST.deposit_liquidity.opcode)),
            labeled('deposit', jettonDepositMatcher()),
          ]),
          child: new ContractMatcher(DEDUST.deploy_deposit.opcode, { optional: true }),
        }),
      }),
      children: [
        new OrMatcher([
          labeled(
            'lp_transfer',
            new ContractMatcher(JettonOp.internalTransfer, {
              child: new ContractMatcher(JettonOp.notify, { optional: true }),
            }),
          ),
          labeled(
            'rejection',
            new ContractMatcher(DEDUST.reject_deposit.opcode, { children: excessMatchers() }),
          ),
        ]),
        new ContractMatcher(DEDUST.destroy_deposit.opcode, {
          optional: true,
          children: excessMatchers(),
        }),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, DEDUST.deposit_liquidity_all.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const nb = new DedustDepositLiquidityBlock(provisionData(block, others, ctx));
    nb.merge([block, ...others]);
    nb.failed = nb.data.lp_tokens_minted === null;
    return [nb];
  }
}

function provisionData(block: Block, others: Block[], ctx: ClassifyContext): DedustDepositData {
  const info = parseDedustDepositToPool(bodySlice(block.message.body));
  const sender = info.owner;
  const lpTransfer = getLabeled('lp_transfer', others, CallContractBlock);
  const rejection = getLabeled('rejection', others, CallContractBlock);
  let pool: string | null;
  let lpTokens: bigint | null = null;
  if (lpTransfer) {
    lpTokens = parseJettonInternalTransfer(bodySlice(lpTransfer.message.body)).amount;
    pool = block.message.destination;
  } else if (rejection) {
    pool = rejection.message.source;
  } else {
    throw new Error('dedust deposit without LP transfer or rejection');
  }
  const deposit = getLabeled('deposit', others, CallContractBlock);
  if (!deposit) {
    throw new Error('dedust deposit without the deposit message');
  }
  let asset: Asset;
  let amount: bigint;
  if (deposit.opcode === DEDUST.deposit_liquidity.opcode) {
    asset = TON_ASSET;
    amount = parseDedustDepositTonToVault(bodySlice(deposit.message.body)).amount;
  } else {
    // the vault's `JETTON.notify` (jettonDepositMatcher has matched its opcode)
    const s = bodySlice(deposit.message.body);
    amount = loadLeadingFields(afterAnyOpcode(JETTON.notify, s), s, ['query_id', 'amount']).amount;
    const w = ctx.interfaces.jettonWallet(deposit.message.source);
    if (!w) {
      throw new Error('dedust deposit from an unknown jetton wallet');
    }
    asset = jettonAsset(w.jetton);
  }
  let userWallet: string | null = null;
  for (const b of others) {
    if (
      b instanceof CallContractBlock &&
      b.opcode === JettonOp.transfer &&
      b.message.source?.toUpperCase() === sender?.toUpperCase()
    ) {
      const w = ctx.interfaces.jettonWallet(b.message.destination);
      if (!w) {
        continue;
      }
      if (asset.isTon) {
        // toncenter compares a TON asset with a jetton master and fails
        throw new Error('dedust TON deposit next to a jetton deposit');
      }
      if (w.jetton === asset.jetton) {
        userWallet = b.message.destination;
      }
    }
  }
  const excesses: [Asset, bigint][] = [];
  for (const e of getAllLabeled('ton_excess', others, CallContractBlock)) {
    if (e.message.destination === sender) {
      excesses.push([TON_ASSET, e.message.value ?? 0n]);
    }
  }
  for (const e of getAllLabeled('jetton_excess', others, JettonTransferBlock)) {
    if (e.data.receiver === sender && e.data.asset) {
      excesses.push([e.data.asset, e.data.amount]);
    }
  }
  return {
    sender,
    deposit_contract: block.message.source,
    pool_address: pool,
    lp_tokens_minted: lpTokens,
    ...oneAssetDeposited(1, asset, amount, userWallet),
    target_asset_1: info.asset0,
    target_amount_1: info.asset0_amount,
    target_asset_2: info.asset1,
    target_amount_2: info.asset1_amount,
    vault_excesses: excesses,
  };
}
