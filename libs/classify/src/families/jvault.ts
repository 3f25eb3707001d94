/**
 * JVault staking (toncenter `jvault.py`): stake (a jetton transfer to the pool → receive_jettons on the
 * stake wallet → reward update or cancellation), unstake, unstake request and reward claims.
 */
import { JVAULT, loadFields } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  RecursiveMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  parseJVaultClaimJettons,
  parseJVaultStakePeriod,
  parseJVaultStakeWalletData,
} from '../tlb/jvault';
import { assetAddress, jettonAsset, sameAsset, type Asset } from './asset';
import { JettonTransferBlock } from './jettons';

function referralChain(): RecursiveMatcher {
  const sub = new RecursiveMatcher(
    new ContractMatcher(JVAULT.request_update_referrer.opcode),
    new ContractMatcher(JVAULT.update_referrer.opcode),
    true,
  );
  return new RecursiveMatcher(sub, null, true);
}

function updateWithExcesses(): BlockMatcher {
  return labeled(
    'update_rewards_on_stake_wallet',
    new ContractMatcher(JVAULT.update_rewards.opcode),
  );
}

/**
 * The stake wallet's optional request_update_rewards to the pool, answered by the referral chain, the
 * reward update and the given replies.
 */
function requestUpdateRewards(replies: BlockMatcher[]): BlockMatcher {
  return labeled(
    'request_update_rewards_from_pool',
    new ContractMatcher(JVAULT.request_update_rewards.opcode, {
      optional: true,
      children: [referralChain(), ...replies, updateWithExcesses()],
    }),
  );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** A stake wallet's pool, staked asset and JVault token. */
interface JVaultAssets {
  pool: string | null;
  asset: Asset | null;
  jvaultAsset: Asset | null;
}

/** Reads the stake wallet's data for its pool and assets (toncenter `extract_jvault_assets`). */
function jvaultAssets(stakeWallet: string | null, ctx: ClassifyContext): JVaultAssets {
  const none = { pool: null, asset: null, jvaultAsset: null };
  try {
    const extra = ctx.interfaces.extra(stakeWallet, 'data_boc');
    if (!isRecord(extra) || typeof extra.data_boc !== 'string') {
      return none;
    }
    const d = parseJVaultStakeWalletData(bodySlice(extra.data_boc));
    const jvaultAsset = jettonAsset(d.minter);
    const poolExtra = ctx.interfaces.extra(d.pool, 'data_boc');
    if (!isRecord(poolExtra)) {
      return { pool: d.pool, asset: null, jvaultAsset };
    }
    const lock = poolExtra.lock_wallet_address;
    const lockWallet = ctx.interfaces.jettonWallet(typeof lock === 'string' ? lock : null);
    if (!lockWallet) {
      return none;
    }
    return { pool: d.pool, asset: jettonAsset(lockWallet.jetton), jvaultAsset };
  } catch {
    // unreadable stake wallet or pool data: toncenter's extract_jvault_assets answers "unknown" alike
    return none;
  }
}

export class JVaultStakeBlock extends Block {
  constructor(
    readonly data: {
      sender: string | null;
      sender_wallet: string | null;
      asset: Asset | null;
      stake_wallet: string | null;
      staking_pool: string | null;
      staked_amount: bigint;
      period: number;
    },
  ) {
    super('jvault_stake', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_wallet;
    action.asset = assetAddress(d.asset);
    action.destination = d.staking_pool;
    action.amount = d.staked_amount;
    action.jvault_stake_data = { period: d.period, stake_wallet: d.stake_wallet };
  }
}

export class JVaultStakeBlockMatcher extends BlockMatcher {
  constructor() {
    const requestUpdate = labeled(
      'request_update_rewards_from_pool',
      new ContractMatcher(JVAULT.request_update_rewards.opcode, {
        children: [referralChain(), updateWithExcesses()],
      }),
    );
    const cancellation = labeled(
      'cancellation',
      new ContractMatcher(JVAULT.cancel_stake.opcode, {
        child: new BlockTypeMatcher('jetton_transfer', { optional: true }),
      }),
    );
    super({
      children: [
        labeled(
          'receive_stake_jettons_on_stake_wallet',
          new ContractMatcher(JVAULT.receive_jettons.opcode, {
            child: new OrMatcher([requestUpdate, cancellation]),
          }),
        ),
        new ContractMatcher(JVAULT.set_data.opcode, { optional: true }),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonTransferBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const receive = getLabeled('receive_stake_jettons_on_stake_wallet', others);
    if (!(block instanceof JettonTransferBlock) || !receive) {
      return [];
    }
    if (block.data.forward_payload === null) {
      throw new Error('jvault stake without forward payload');
    }
    const period = parseJVaultStakePeriod(bodySlice(block.data.forward_payload));
    let failed = receive.failed;
    const request = getLabeled('request_update_rewards_from_pool', others);
    if (getLabeled('cancellation', others, CallContractBlock)) {
      failed = true;
    } else if (request) {
      failed = failed || request.failed;
    } else {
      return [];
    }
    const nb = new JVaultStakeBlock({
      sender: block.data.sender,
      sender_wallet: block.data.sender_wallet,
      asset: block.data.asset,
      stake_wallet: receive.message.destination,
      staking_pool: receive.message.source,
      staked_amount: block.data.amount,
      period,
    });
    nb.failed = failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface JVaultUnstakeData {
  sender: string | null;
  stake_wallet: string | null;
  staking_pool: string | null;
  amount: bigint;
  asset: Asset | null;
  jvault_asset: Asset | null;
  exit_code: number | null;
}

/**
 * An unstake (or its request) the stake wallet did not pass on to the pool: the pool and assets come
 * from the stake wallet's data, and the compute exit code says why.
 */
function notForwarded(block: Block, amount: bigint, assets: JVaultAssets): JVaultUnstakeData {
  return {
    sender: block.message.source,
    stake_wallet: block.message.destination,
    staking_pool: assets.pool,
    amount,
    asset: assets.asset,
    jvault_asset: assets.jvaultAsset,
    exit_code: block.firstNode.tx.compute_exit_code,
  };
}

function fillUnstake(d: JVaultUnstakeData, action: ActionRow): void {
  action.source = d.sender;
  action.source_secondary = d.stake_wallet;
  action.destination = d.staking_pool;
  action.amount = d.amount;
  action.opcode = d.exit_code;
  action.asset = assetAddress(d.asset);
  action.asset2 = assetAddress(d.jvault_asset);
}

export class JVaultUnstakeBlock extends Block {
  constructor(readonly data: JVaultUnstakeData) {
    super('jvault_unstake', []);
  }

  override fill(action: ActionRow): void {
    fillUnstake(this.data, action);
  }
}

export class JVaultUnstakeBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: requestUpdateRewards([
        labeled('unstake_fee', new BlockTypeMatcher('ton_transfer', { optional: true })),
        labeled('withdraw_unstaked_jettons', new BlockTypeMatcher('jetton_transfer')),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JVAULT.unstake_jettons.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const amount = loadFields(
      JVAULT.unstake_jettons,
      bodySlice(block.message.body),
    ).jettons_to_unstake;
    const stakeWallet = block.message.destination;
    const transfer = getLabeled('withdraw_unstaked_jettons', others, JettonTransferBlock);
    const assets = jvaultAssets(stakeWallet, ctx);
    if (assets.pool === null || assets.asset === null) {
      return [];
    }
    const request = getLabeled('request_update_rewards_from_pool', others);
    let nb: JVaultUnstakeBlock;
    if (!request || !transfer) {
      nb = new JVaultUnstakeBlock(notForwarded(block, amount, assets));
    } else {
      if (!sameAsset(assets.asset, transfer.data.asset)) {
        throw new Error('jvault unstake: assets do not match');
      }
      nb = new JVaultUnstakeBlock({
        sender: block.message.source,
        stake_wallet: stakeWallet,
        staking_pool: request.message.destination,
        amount,
        asset: transfer.data.asset,
        jvault_asset: assets.jvaultAsset,
        exit_code: null,
      });
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}

export class JVaultClaimBlock extends Block {
  constructor(
    readonly data: {
      sender: string | null;
      stake_wallet: string | null;
      staking_pool: string | null;
      claimed_jettons: string[];
      claimed_amounts: bigint[];
    },
  ) {
    super('jvault_claim', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.stake_wallet;
    action.destination = d.staking_pool;
    action.jvault_claim_data = {
      claimed_jettons: d.claimed_jettons,
      claimed_amounts: d.claimed_amounts,
    };
  }
}

export class JVaultClaimBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'send_claimed_rewards',
        new ContractMatcher(JVAULT.send_claimed_rewards.opcode, {
          children: [
            labeled('withdraw_claimed_jettons', new BlockTypeMatcher('jetton_transfer')),
            updateWithExcesses(),
          ],
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JVAULT.claim_rewards.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const jettons = parseJVaultClaimJettons(bodySlice(block.message.body));
    const withdrawal = getLabeled('withdraw_claimed_jettons', others, JettonTransferBlock);
    const send = getLabeled('send_claimed_rewards', others, CallContractBlock);
    if (!withdrawal || !send) {
      return [];
    }
    const nb = new JVaultClaimBlock({
      sender: block.message.source,
      stake_wallet: block.message.destination,
      staking_pool: send.message.destination,
      claimed_jettons: jettons,
      claimed_amounts: [withdrawal.data.amount],
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

export class JVaultUnstakeRequestBlock extends Block {
  constructor(readonly data: JVaultUnstakeData) {
    super('jvault_unstake_request', []);
  }

  override fill(action: ActionRow): void {
    fillUnstake(this.data, action);
  }
}

export class JVaultUnstakeRequestBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: requestUpdateRewards([]),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JVAULT.unstake_request.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const amount = loadFields(
      JVAULT.unstake_request,
      bodySlice(block.message.body),
    ).jettons_to_unstake;
    const stakeWallet = block.message.destination;
    const request = getLabeled('request_update_rewards_from_pool', others);
    const assets = jvaultAssets(stakeWallet, ctx);
    let nb: JVaultUnstakeRequestBlock;
    if (!request) {
      if (assets.pool === null || assets.asset === null) {
        return [];
      }
      nb = new JVaultUnstakeRequestBlock(notForwarded(block, amount, assets));
      nb.failed = true;
    } else {
      nb = new JVaultUnstakeRequestBlock({
        sender: block.message.source,
        stake_wallet: stakeWallet,
        staking_pool: request.message.destination,
        amount,
        asset: assets.asset,
        jvault_asset: assets.jvaultAsset,
        exit_code: null,
      });
      nb.failed = block.failed || request.failed;
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}
