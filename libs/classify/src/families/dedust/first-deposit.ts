/** DeDust first-asset deposit (toncenter `DedustDepositFirstAssetBlockMatcher`, `_get_deposit_one_data`). */
import { DEDUST, JETTON, loadLeadingFields } from '@app/ton';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import { BlockMatcher, ContractMatcher, OrMatcher } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseDedustDepositJettonPayload,
  parseDedustDepositTonToVault,
  type DedustDepositParams,
} from '../../tlb/dedust';
import { JettonOp } from '../../tlb/jetton';
import { tryParse } from '../../tlb/parse-result';
import { TON_ASSET, jettonAsset, type Asset } from '../asset';
import {
  DedustDepositLiquidityPartialBlock,
  jettonDepositMatcher,
  type DedustDepositData,
  oneAssetDeposited,
} from './blocks';

/** The first asset of a two-asset deposit: deposit → ask factory (deploys the deposit contract) → top-up. */
export class DedustDepositFirstAssetBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new ContractMatcher(DEDUST.ask_liquidity.opcode, {
        child: new ContractMatcher(DEDUST.deploy_deposit.opcode),
        parent: new OrMatcher([
          new ContractMatcher(DEDUST.deposit_liquidity.opcode),
          jettonDepositMatcher(),
        ]),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, DEDUST.top_up_deposit.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const nb = new DedustDepositLiquidityPartialBlock(firstDepositData(block, ctx));
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** What the vault received: TON with the deposit parameters, or a jetton notification carrying them. */
type VaultDeposit =
  | { kind: 'ton'; sender: string | null; params: DedustDepositParams }
  | {
      kind: 'jetton';
      sender: string | null;
      amount: bigint;
      params: Omit<DedustDepositParams, 'amount'>;
      userWallet: string | null;
      vaultWallet: string | null;
    };

/** toncenter tries the TON vault layout first and reads a jetton notification when it does not fit. */
function parseVaultDeposit(vaultCall: Block): VaultDeposit {
  const ton = tryParse(() => parseDedustDepositTonToVault(bodySlice(vaultCall.message.body)));
  if (ton.ok) {
    return { kind: 'ton', sender: vaultCall.message.source, params: ton.value };
  }
  const s = bodySlice(vaultCall.message.body);
  if (s.preloadUint(32) >>> 0 !== JettonOp.notify) {
    throw new Error(
      `dedust first deposit: neither a TON deposit (${ton.reason}) nor a notification`,
    );
  }
  const { amount, sender } = loadLeadingFields(JETTON.notify, s, ['query_id', 'amount', 'sender']);
  // the deposit payload: the first ref after the sender (its Either bit is not read)
  return {
    kind: 'jetton',
    sender,
    amount,
    params: parseDedustDepositJettonPayload(s.loadRef().beginParse()),
    userWallet: vaultCall.previous?.message.source ?? null,
    vaultWallet: vaultCall.message.source,
  };
}

/** The top-up's vault call, unless the final deposit follows (then the final deposit matcher owns it). */
function collectVaultCall(block: Block): Block {
  const vaultCall = block.previous?.previous;
  if (!vaultCall) {
    throw new Error('dedust top-up without a vault call');
  }
  for (const n of block.next) {
    if (
      n instanceof CallContractBlock &&
      (n.opcode === DEDUST.deposit_liquidity_all.opcode ||
        n.opcode === DEDUST.reject_deposit.opcode)
    ) {
      throw new Error('unexpected call after a dedust deposit top-up');
    }
  }
  return vaultCall;
}

function firstDepositData(block: Block, ctx: ClassifyContext): DedustDepositData {
  const deposit = parseVaultDeposit(collectVaultCall(block));
  let asset: Asset = TON_ASSET;
  let amount: bigint;
  let userWallet: string | null = null;
  if (deposit.kind === 'ton') {
    amount = deposit.params.amount;
  } else {
    const w = ctx.interfaces.jettonWallet(deposit.vaultWallet);
    if (!w) {
      throw new Error('dedust first deposit from an unknown jetton wallet');
    }
    asset = jettonAsset(w.jetton);
    amount = deposit.amount;
    userWallet = deposit.userWallet;
  }
  const { params } = deposit;
  return {
    sender: deposit.sender,
    deposit_contract: block.message.destination,
    pool_address: null,
    lp_tokens_minted: null,
    ...oneAssetDeposited(1, asset, amount, userWallet),
    target_asset_1: params.asset0,
    target_amount_1: params.asset0_target_balance,
    target_asset_2: params.asset1,
    target_amount_2: params.asset1_target_balance,
    vault_excesses: [],
  };
}
