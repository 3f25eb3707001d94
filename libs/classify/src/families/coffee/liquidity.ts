/**
 * swap.coffee liquidity deposits and withdrawals (toncenter `liquidity.py` CoffeeDepositLiquidityMatcher,
 * CoffeeWithdrawLiquidityMatcher): the request and event bodies are read, then the sides
 * (`depositedSide`), the LP mint (`lpMint`), the vault's excesses and payouts (`vaultExcesses`,
 * `payoutLeg`) each come from one function.
 */
import { COFFEE } from '@app/ton';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { type Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseCoffeeCreateLiquidityDepositoryRequest,
  parseCoffeeLiquidityEvent,
  type CoffeePoolParams,
} from '../../tlb/coffee';
import { JettonOp, parseJettonInternalTransfer } from '../../tlb/jetton';
import { TON_ASSET, type Asset } from '../asset';
import { DedustDepositLiquidityBlock, oneAssetDeposited } from '../dedust/blocks';
import { DexWithdrawLiquidityBlock, type DexWithdrawData } from '../dex-withdraw-liquidity';
import { JettonBurnBlock, JettonTransferBlock } from '../jettons';

/** toncenter compares assets by their string form (`native` or the jetton address). */
export function assetKey(a: Asset | null): string {
  return a === null ? 'null' : a.isTon ? 'native' : (a.jetton ?? '').toUpperCase();
}

function outTransferMatcher(): OrMatcher {
  return new OrMatcher([
    new BlockTypeMatcher('jetton_transfer'),
    new ContractMatcher(COFFEE.payout.opcode),
    new ContractMatcher(COFFEE.notification.opcode),
  ]);
}

/** Which side of the pool the deposited asset is (1 or 2), 0 when it is neither. */
function depositedSide(inAsset: Asset | null, pool: CoffeePoolParams): 0 | 1 | 2 {
  const key = assetKey(inAsset);
  return key === assetKey(pool.first) ? 1 : key === assetKey(pool.second) ? 2 : 0;
}

/**
 * The LP tokens minted and the pool, from the success event or else the LP transfer (either body
 * unreadable means no action, as toncenter reads both).
 */
function lpMint(
  success: CallContractBlock | null,
  lp: CallContractBlock | null,
): { lpMinted: bigint | null; pool: string | null } {
  let lpMinted: bigint | null = null;
  let pool: string | null = null;
  if (success) {
    lpMinted = parseCoffeeLiquidityEvent(bodySlice(success.message.body)).lp_amount;
    pool = success.message.source;
  }
  if (lp && (lpMinted === null || pool === null)) {
    lpMinted = parseJettonInternalTransfer(bodySlice(lp.message.body)).amount;
    pool = lp.message.source;
  }
  return { lpMinted, pool };
}

/** What the vault paid back: a jetton transfer's amount or a TON payout's value. */
function vaultExcesses(out: Block | null): [Asset, bigint][] {
  if (out instanceof JettonTransferBlock) {
    return [[out.data.asset ?? TON_ASSET, out.data.amount]];
  }
  if (out instanceof CallContractBlock) {
    return [[TON_ASSET, out.message.value ?? 0n]];
  }
  return [];
}

/** One side of a withdrawal: the vault's payout_internal and the transfer or payout that follows. */
function payoutLeg(
  p: CallContractBlock | null,
  amount: bigint,
  pool: string | null,
): DexWithdrawData['outs'][number] {
  const o: DexWithdrawData['outs'][number] = {
    asset: TON_ASSET,
    amount,
    dexWallet: pool,
    dexJettonWallet: null,
    userWallet: null,
  };
  if (!p) {
    return o;
  }
  o.dexWallet = p.message.source;
  for (const n of p.next) {
    if (n instanceof JettonTransferBlock) {
      o.asset = n.data.asset;
      o.dexJettonWallet = n.data.sender_wallet;
      o.userWallet = n.data.receiver_wallet;
      break;
    }
    if (n instanceof CallContractBlock && n.opcode === COFFEE.payout.opcode) {
      o.userWallet = n.message.destination;
      break;
    }
  }
  return o;
}

/**
 * `coffee_deposit_liquidity` (stored as dex_deposit_liquidity): deposit_liquidity_native or a jetton
 * transfer → create_liquidity_depository_request (factory) → deploy (depository) → optionally
 * deposit_liquidity_internal (pool) → LP mint, success event, vault excess payout.
 */
export class CoffeeDepositLiquidityMatcher extends BlockMatcher {
  constructor() {
    const payout = labeled(
      'payout',
      new ContractMatcher(COFFEE.payout_internal.opcode, {
        optional: true,
        child: labeled('out_transfer', outTransferMatcher()),
      }),
    );
    const lpTransfer = labeled(
      'lp_transfer',
      new ContractMatcher(JettonOp.internalTransfer, {
        child: new ContractMatcher(JettonOp.excesses, { optional: true }),
      }),
    );
    const successEvent = labeled(
      'success_event',
      new ContractMatcher(COFFEE.deposit_liquidity_succeeded.opcode),
    );
    const depositInternal = labeled(
      'deposit_internal',
      new ContractMatcher(COFFEE.deposit_liquidity_internal.opcode, {
        optional: true,
        children: [lpTransfer, successEvent, payout],
      }),
    );
    super({
      parent: labeled(
        'in_transfer',
        new OrMatcher([
          new ContractMatcher(COFFEE.deposit_liquidity.opcode),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      ),
      child: labeled(
        'deploy',
        new ContractMatcher(COFFEE.deploy.opcode, { child: depositInternal }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, COFFEE.create_liquidity_depository_request.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const inTransfer = getLabeled('in_transfer', others);
    if (!inTransfer) {
      return [];
    }
    let inWallet: string | null = null;
    let inAsset: Asset | null = TON_ASSET;
    if (inTransfer instanceof JettonTransferBlock) {
      inWallet = inTransfer.data.sender_wallet;
      inAsset = inTransfer.data.asset;
    }
    const req = parseCoffeeCreateLiquidityDepositoryRequest(bodySlice(block.message.body));
    const { first, second } = req.pool_params;
    const side = depositedSide(inAsset, req.pool_params);
    if (side === 0) {
      return [];
    }
    const deploy = getLabeled('deploy', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    const { lpMinted, pool } = lpMint(
      getLabeled('success_event', others, CallContractBlock),
      getLabeled('lp_transfer', others, CallContractBlock),
    );
    const excesses = vaultExcesses(getLabeled('out_transfer', others));
    const nb = new DedustDepositLiquidityBlock(
      {
        sender: req.sender,
        deposit_contract: deploy.message.destination,
        pool_address: pool,
        lp_tokens_minted: lpMinted,
        ...oneAssetDeposited(side, inAsset, req.amount, inWallet),
        target_asset_1: side === 1 ? first : second,
        target_amount_1: null,
        target_asset_2: side === 1 ? second : first,
        target_amount_2: null,
        vault_excesses: excesses,
      },
      'coffee',
      'coffee_deposit_liquidity',
    );
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** dex_withdraw_liquidity: LP jetton burn → two payout_internal (vaults) → payouts, and the pool's event. */
export class CoffeeWithdrawLiquidityMatcher extends BlockMatcher {
  constructor() {
    const payout = (): ContractMatcher =>
      new ContractMatcher(COFFEE.payout_internal.opcode, { child: outTransferMatcher() });
    super({
      children: [
        labeled('payout_1', payout()),
        labeled('payout_2', payout()),
        labeled('success_event', new ContractMatcher(COFFEE.withdraw_liquidity_succeeded.opcode)),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonBurnBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof JettonBurnBlock)) {
      return [];
    }
    const success = getLabeled('success_event', others, CallContractBlock);
    if (!success) {
      return [];
    }
    const ev = parseCoffeeLiquidityEvent(bodySlice(success.message.body));
    const pool = success.message.source;
    const nb = new DexWithdrawLiquidityBlock({
      dex: 'coffee',
      sender: block.data.owner,
      sender_wallet: block.data.jetton_wallet,
      pool,
      asset: block.data.asset,
      lp_tokens_burnt: block.data.amount,
      is_refund: false,
      outs: [
        payoutLeg(getLabeled('payout_1', others, CallContractBlock), ev.amount1, pool),
        payoutLeg(getLabeled('payout_2', others, CallContractBlock), ev.amount2, pool),
      ],
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
