/**
 * swap.coffee liquidity and staking (toncenter `liquidity.py` Coffee*LiquidityMatcher,
 * CoffeeCreatePool*Matcher and `staking.py` CoffeeStaking*Matcher): depositing one asset into a
 * liquidity depository, withdrawing (LP burn → two payouts), creating a pool (a pool creator per asset,
 * then the pool), and staking deposits, withdrawals and reward claims.
 */
import type { ActionRow } from '../action';
import { CallContractBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  CoffeeLiquidityOp,
  CoffeeOp,
  CoffeeStakingOp,
  CoffeeMiscOp,
  parseCoffeeCreateLiquidityDepositoryRequest,
  parseCoffeeCreatePoolJetton,
  parseCoffeeCreatePoolNative,
  parseCoffeeCreatePoolRequest,
  parseCoffeeLiquidityEvent,
  parseCoffeeStakingPayout,
  parseCoffeeStakingWithdraw2,
  type CoffeePoolParams,
} from '../tlb/coffee';
import { JettonOp, parseJettonInternalTransfer } from '../tlb/jetton';
import { assetAddress, TON_ASSET, type Asset } from './asset';
import { DedustDepositLiquidityBlock } from './dedust/blocks';
import { DexWithdrawLiquidityBlock, type DexWithdrawData } from './dex-withdraw-liquidity';
import { JettonBurnBlock, JettonTransferBlock } from './jettons';
import { NftMintBlock } from './nft';

/** toncenter compares assets by their string form (`native` or the jetton address). */
function assetKey(a: Asset | null): string {
  return a === null ? 'null' : a.isTon ? 'native' : (a.jetton ?? '').toUpperCase();
}

function outTransferMatcher(): OrMatcher {
  return new OrMatcher([
    new BlockTypeMatcher('jetton_transfer'),
    new ContractMatcher(CoffeeOp.payout),
    new ContractMatcher(CoffeeOp.notification),
  ]);
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
      new ContractMatcher(CoffeeOp.payoutInternal, {
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
      new ContractMatcher(CoffeeLiquidityOp.depositLiquiditySuccessfulEvent),
    );
    const depositInternal = labeled(
      'deposit_internal',
      new ContractMatcher(CoffeeLiquidityOp.depositLiquidityInternal, {
        optional: true,
        children: [lpTransfer, successEvent, payout],
      }),
    );
    super({
      parent: labeled(
        'in_transfer',
        new OrMatcher([
          new ContractMatcher(CoffeeLiquidityOp.depositLiquidityNative),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      ),
      child: labeled(
        'deploy',
        new ContractMatcher(CoffeeMiscOp.deploy, { child: depositInternal }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode === CoffeeLiquidityOp.createLiquidityDepositoryRequest
    );
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
    const side =
      assetKey(inAsset) === assetKey(first) ? 1 : assetKey(inAsset) === assetKey(second) ? 2 : 0;
    if (side === 0) {
      return [];
    }
    const deploy = getLabeled('deploy', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    let lpMinted: bigint | null = null;
    let pool: string | null = null;
    const success = getLabeled('success_event', others, CallContractBlock);
    if (success) {
      lpMinted = parseCoffeeLiquidityEvent(bodySlice(success.message.body)).lp_amount;
      pool = success.message.source;
    }
    const lp = getLabeled('lp_transfer', others, CallContractBlock);
    if (lp && (lpMinted === null || pool === null)) {
      lpMinted = parseJettonInternalTransfer(bodySlice(lp.message.body)).amount;
      pool = lp.message.source;
    }
    const excesses: [Asset, bigint][] = [];
    const out = getLabeled('out_transfer', others);
    if (out instanceof JettonTransferBlock) {
      excesses.push([out.data.asset ?? TON_ASSET, out.data.amount]);
    } else if (out instanceof CallContractBlock) {
      excesses.push([TON_ASSET, out.message.value ?? 0n]);
    }
    const nb = new DedustDepositLiquidityBlock(
      {
        sender: req.sender,
        deposit_contract: deploy.message.destination,
        pool_address: pool,
        lp_tokens_minted: lpMinted,
        asset_1: side === 1 ? inAsset : null,
        amount_1: side === 1 ? req.amount : null,
        user_jetton_wallet_1: side === 1 ? inWallet : null,
        asset_2: side === 2 ? inAsset : null,
        amount_2: side === 2 ? req.amount : null,
        user_jetton_wallet_2: side === 2 ? inWallet : null,
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
      new ContractMatcher(CoffeeOp.payoutInternal, { child: outTransferMatcher() });
    super({
      children: [
        labeled('payout_1', payout()),
        labeled('payout_2', payout()),
        labeled('success_event', new ContractMatcher(CoffeeLiquidityOp.liquidityWithdrawalEvent)),
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
    const outOf = (
      p: CallContractBlock | null,
      amount: bigint,
    ): DexWithdrawData['outs'][number] => {
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
        if (n instanceof CallContractBlock && n.opcode === CoffeeOp.payout) {
          o.userWallet = n.message.destination;
          break;
        }
      }
      return o;
    };
    const nb = new DexWithdrawLiquidityBlock({
      dex: 'coffee',
      sender: block.data.owner,
      sender_wallet: block.data.jetton_wallet,
      pool,
      asset: block.data.asset,
      lp_tokens_burnt: block.data.amount,
      is_refund: false,
      outs: [
        outOf(getLabeled('payout_1', others, CallContractBlock), ev.amount1),
        outOf(getLabeled('payout_2', others, CallContractBlock), ev.amount2),
      ],
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface CoffeePoolCreatorData {
  sender: string | null;
  sender_jetton_wallet: string | null;
  amount: bigint | null;
  provided_asset: Asset | null;
  pool_creator_contract: string | null;
  deposit_recipient: string | null;
  pool_params: CoffeePoolParams;
}

/** `coffee_create_pool_creator`: one asset sent to create a pool creator (once per asset). */
export class CoffeeCreatePoolCreatorBlock extends Block {
  constructor(readonly data: CoffeePoolCreatorData) {
    super('coffee_create_pool_creator', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_jetton_wallet;
    action.destination = d.deposit_recipient;
    action.destination_secondary = d.pool_creator_contract;
    action.asset = assetAddress(d.provided_asset);
    action.asset2 = assetAddress(d.pool_params.first);
    action.asset2_secondary = assetAddress(d.pool_params.second);
    action.amount = d.amount;
  }
}

/** create_pool_native or a jetton transfer → create_pool_creator_request (factory) → deploy (creator). */
export class CoffeeCreatePoolCreatorMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: labeled(
        'in_transfer',
        new OrMatcher([
          new BlockTypeMatcher('jetton_transfer'),
          new ContractMatcher(CoffeeLiquidityOp.createPoolNative),
          new ContractMatcher(CoffeeLiquidityOp.createPoolExtra),
        ]),
      ),
      child: labeled('deploy', new ContractMatcher(CoffeeMiscOp.deploy)),
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode === CoffeeLiquidityOp.createPoolCreatorRequest
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const inTransfer = getLabeled('in_transfer', others);
    let data: Omit<CoffeePoolCreatorData, 'pool_creator_contract'>;
    if (inTransfer instanceof JettonTransferBlock) {
      const p = parseCoffeeCreatePoolJetton(bodySlice(inTransfer.data.forward_payload));
      data = {
        sender: inTransfer.data.sender,
        sender_jetton_wallet: inTransfer.data.sender_wallet,
        amount: inTransfer.data.amount,
        provided_asset: inTransfer.data.asset,
        deposit_recipient: p.recipient,
        pool_params: p.params,
      };
    } else if (
      inTransfer instanceof CallContractBlock &&
      inTransfer.opcode === CoffeeLiquidityOp.createPoolNative
    ) {
      const p = parseCoffeeCreatePoolNative(bodySlice(inTransfer.message.body));
      data = {
        sender: inTransfer.message.source,
        sender_jetton_wallet: null,
        amount: p.amount,
        provided_asset: TON_ASSET,
        deposit_recipient: p.recipient,
        pool_params: p.params,
      };
    } else {
      return [];
    }
    const deploy = getLabeled('deploy', others, CallContractBlock);
    if (!deploy) {
      return [];
    }
    const nb = new CoffeeCreatePoolCreatorBlock({
      ...data,
      pool_creator_contract: deploy.message.destination,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** `coffee_create_pool`: the second pool creator → create_pool_request → deploy (pool) → LP mint. */
export class CoffeeCreatePoolBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      source_jetton_wallet: string | null;
      provided_asset: Asset | null;
      amount: bigint | null;
      initiator_1: string | null;
      initiator_2: string | null;
      pool: string | null;
      asset_1: Asset | null;
      asset_2: Asset | null;
      amount_1: bigint;
      amount_2: bigint;
      lp_tokens_minted: bigint;
      pool_creator_contract: string | null;
    },
  ) {
    super('coffee_create_pool', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.source;
    action.source_secondary = d.source_jetton_wallet;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset_1);
    action.asset2 = assetAddress(d.asset_2);
    action.destination = d.pool;
    action.destination_secondary = d.pool_creator_contract;
    action.coffee_create_pool_data = {
      amount_1: d.amount_1,
      amount_2: d.amount_2,
      initiator_1: d.initiator_1,
      initiator_2: d.initiator_2,
      provided_asset: assetAddress(d.provided_asset),
      lp_tokens_minted: d.lp_tokens_minted,
    };
  }
}

export class CoffeeCreatePoolMatcher extends BlockMatcher {
  constructor() {
    const lpTransfer = labeled(
      'lp_transfer',
      new ContractMatcher(JettonOp.internalTransfer, {
        child: new ContractMatcher(JettonOp.excesses, { optional: true }),
      }),
    );
    const poolDeploy = labeled(
      'pool_deploy',
      new ContractMatcher(CoffeeMiscOp.deploy, {
        children: [
          lpTransfer,
          labeled(
            'success_event',
            new ContractMatcher(CoffeeLiquidityOp.depositLiquiditySuccessfulEvent),
          ),
          new ContractMatcher(CoffeeOp.notification, {
            optional: true,
            child: new ContractMatcher(0xb216d31f, { optional: true }),
          }),
        ],
      }),
    );
    super({
      child: labeled(
        'pool_request',
        new ContractMatcher(CoffeeLiquidityOp.createPoolRequest, { child: poolDeploy }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CoffeeCreatePoolCreatorBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof CoffeeCreatePoolCreatorBlock)) {
      return [];
    }
    const request = getLabeled('pool_request', others, CallContractBlock);
    const deploy = getLabeled('pool_deploy', others, CallContractBlock);
    const success = getLabeled('success_event', others, CallContractBlock);
    if (!request || !deploy || !success) {
      return [];
    }
    const req = parseCoffeeCreatePoolRequest(bodySlice(request.message.body));
    const lpMinted = parseCoffeeLiquidityEvent(bodySlice(success.message.body)).lp_amount;
    const c = block.data;
    let asset1 = c.provided_asset;
    let asset2: Asset | null;
    let [amount1, amount2] = [req.amount1, req.amount2];
    let [init1, init2] = [c.sender, req.tx_initiator];
    if (assetKey(asset1) === assetKey(c.pool_params.first)) {
      asset2 = c.pool_params.second;
    } else if (assetKey(asset1) === assetKey(c.pool_params.second)) {
      asset2 = c.pool_params.first;
      [amount1, amount2] = [amount2, amount1];
      [init1, init2] = [init2, init1];
    } else {
      asset1 = c.pool_params.first;
      asset2 = c.pool_params.second;
    }
    const nb = new CoffeeCreatePoolBlock({
      source: c.sender,
      source_jetton_wallet: c.sender_jetton_wallet,
      provided_asset: c.provided_asset,
      amount: c.amount,
      initiator_1: init1,
      initiator_2: init2,
      pool: deploy.message.destination,
      asset_1: asset1,
      asset_2: asset2,
      amount_1: amount1,
      amount_2: amount2,
      lp_tokens_minted: lpMinted,
      pool_creator_contract: c.pool_creator_contract,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** `coffee_staking_deposit`: jetton transfer → staking_deposit (pool) → position NFT mint (+ log). */
export class CoffeeStakingDepositBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      user_jetton_wallet: string | null;
      pool_jetton_wallet: string | null;
      pool: string | null;
      value: bigint;
      minted_item_address: string;
      minted_item_index: bigint | null;
      asset: Asset | null;
    },
  ) {
    super('coffee_staking_deposit', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.source;
    action.source_secondary = d.user_jetton_wallet;
    action.destination = d.pool;
    action.destination_secondary = d.pool_jetton_wallet;
    action.asset = assetAddress(d.asset);
    action.amount = d.value;
    action.coffee_staking_deposit_data = {
      minted_item_address: d.minted_item_address,
      minted_item_index: d.minted_item_index,
    };
  }
}

export class CoffeeStakingDepositMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'pool_call',
        new ContractMatcher(CoffeeStakingOp.deposit, {
          children: [
            labeled('log', new ContractMatcher(CoffeeStakingOp.deposit, { optional: true })),
            labeled('nft_mint', new BlockTypeMatcher('nft_mint')),
          ],
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonTransferBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const poolCall = getLabeled('pool_call', others, CallContractBlock);
    const mint = getLabeled('nft_mint', others, NftMintBlock);
    if (!(block instanceof JettonTransferBlock) || !poolCall || !mint) {
      return [];
    }
    const nb = new CoffeeStakingDepositBlock({
      source: block.data.sender,
      user_jetton_wallet: block.data.sender_wallet,
      pool_jetton_wallet: block.data.receiver_wallet,
      pool: poolCall.message.destination,
      value: block.data.amount,
      minted_item_address: mint.data.address,
      minted_item_index: mint.data.index,
      asset: block.data.asset,
    });
    const merged: Block[] = [block, poolCall, mint];
    const log = getLabeled('log', others, CallContractBlock);
    if (log) {
      merged.push(log);
    }
    nb.merge(merged);
    return [nb];
  }
}

/** `coffee_staking_withdraw`: withdraw_1 (NFT) → withdraw_2 (pool) → withdraw_3 → jetton transfer. */
export class CoffeeStakingWithdrawBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      pool: string | null;
      asset: Asset | null;
      amount: bigint;
      user_jetton_wallet: string | null;
      pool_jetton_wallet: string | null;
      nft_address: string | null;
      nft_index: bigint;
      points: bigint;
    },
  ) {
    super('coffee_staking_withdraw', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.source;
    action.source_secondary = d.user_jetton_wallet;
    action.destination = d.pool;
    action.destination_secondary = d.pool_jetton_wallet;
    action.asset = assetAddress(d.asset);
    action.amount = d.amount;
    action.coffee_staking_withdraw_data = {
      nft_address: d.nft_address,
      nft_index: d.nft_index,
      points: d.points,
    };
  }
}

export class CoffeeStakingWithdrawMatcher extends BlockMatcher {
  constructor() {
    const withdraw3 = labeled(
      'withdraw_3',
      new ContractMatcher(CoffeeStakingOp.positionWithdraw, {
        children: [labeled('jetton_transfer', new BlockTypeMatcher('jetton_transfer'))],
      }),
    );
    super({
      child: labeled(
        'withdraw_2',
        new ContractMatcher(CoffeeStakingOp.positionWithdraw, {
          children: [
            withdraw3,
            labeled(
              'log',
              new ContractMatcher(CoffeeStakingOp.positionWithdraw, { optional: true }),
            ),
          ],
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === CoffeeStakingOp.positionWithdraw;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const w2 = getLabeled('withdraw_2', others, CallContractBlock);
    const w3 = getLabeled('withdraw_3', others, CallContractBlock);
    const transfer = getLabeled('jetton_transfer', others, JettonTransferBlock);
    if (!w2 || !w3 || !transfer) {
      return [];
    }
    const m2 = parseCoffeeStakingWithdraw2(bodySlice(w2.message.body));
    const m3 = parseCoffeeStakingPayout(bodySlice(w3.message.body));
    const nb = new CoffeeStakingWithdrawBlock({
      source: m2.owner,
      pool: w2.message.source,
      asset: transfer.data.asset,
      amount: m3.jetton_amount,
      user_jetton_wallet: transfer.data.receiver_wallet,
      pool_jetton_wallet: m3.jetton_wallet,
      nft_address: block.message.destination,
      nft_index: m2.nft_id,
      points: m2.points,
    });
    const merged: Block[] = [block, w2, w3, transfer];
    const log = getLabeled('log', others, CallContractBlock);
    if (log) {
      merged.push(log);
    }
    nb.merge(merged);
    return [nb];
  }
}

/** `coffee_staking_claim_rewards`: staking_claim_rewards (admin → pool) → jetton transfer (+ log). */
export class CoffeeStakingClaimRewardsBlock extends Block {
  constructor(
    readonly data: {
      recipient: string | null;
      pool: string | null;
      asset: Asset | null;
      amount: bigint;
      pool_jetton_wallet: string | null;
      recipient_jetton_wallet: string | null;
    },
  ) {
    super('coffee_staking_claim_rewards', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.pool;
    action.source_secondary = d.pool_jetton_wallet;
    action.destination = d.recipient;
    action.destination_secondary = d.recipient_jetton_wallet;
    action.asset = assetAddress(d.asset);
    action.amount = d.amount;
  }
}

export class CoffeeStakingClaimRewardsMatcher extends BlockMatcher {
  constructor() {
    super({
      children: [
        labeled('jetton_transfer', new BlockTypeMatcher('jetton_transfer')),
        labeled('log', new ContractMatcher(CoffeeStakingOp.claimRewards, { optional: true })),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode === CoffeeStakingOp.claimRewards &&
      block.next.length > 0
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const transfer = getLabeled('jetton_transfer', others, JettonTransferBlock);
    if (!transfer) {
      return [];
    }
    const m = parseCoffeeStakingPayout(bodySlice(block.message.body));
    const nb = new CoffeeStakingClaimRewardsBlock({
      recipient: m.receiver,
      pool: block.message.destination,
      asset: transfer.data.asset,
      amount: m.jetton_amount,
      pool_jetton_wallet: m.jetton_wallet,
      recipient_jetton_wallet: transfer.data.receiver_wallet,
    });
    const merged: Block[] = [block, transfer];
    const log = getLabeled('log', others, CallContractBlock);
    if (log) {
      merged.push(log);
    }
    nb.merge(merged);
    return [nb];
  }
}
