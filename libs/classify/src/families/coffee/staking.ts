/** swap.coffee staking (toncenter `staking.py` CoffeeStaking*Matcher): deposits, withdrawals and reward claims. */
import { COFFEE, loadFields } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseCoffeeStakingClaimRewards,
  parseCoffeeStakingWithdraw3,
  parseCoffeeStakingWithdraw2,
} from '../../tlb/coffee';
import { assetAddress, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import { NftMintBlock } from '../nft';

/** The pool's optional log message: a call of the same opcode that toncenter folds into the action. */
function poolLog(opcode: number): BlockMatcher {
  return labeled('log', new ContractMatcher(opcode, { optional: true }));
}

/** Merges the matched blocks, and the pool's log message when there was one, into `nb`. */
function mergeWithLog(nb: Block, matched: Block[], others: Block[]): Block[] {
  const log = getLabeled('log', others, CallContractBlock);
  nb.merge(log ? [...matched, log] : matched);
  return [nb];
}

/** A deposit's and a withdrawal's shared columns: the user and its jetton wallet, the pool and its. */
interface UserPoolLeg {
  source: string | null;
  user_jetton_wallet: string | null;
  pool: string | null;
  pool_jetton_wallet: string | null;
  asset: Asset | null;
}

function fillUserPoolColumns(action: ActionRow, d: UserPoolLeg, amount: bigint): void {
  action.source = d.source;
  action.source_secondary = d.user_jetton_wallet;
  action.destination = d.pool;
  action.destination_secondary = d.pool_jetton_wallet;
  action.asset = assetAddress(d.asset);
  action.amount = amount;
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
    fillUserPoolColumns(action, d, d.value);
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
        new ContractMatcher(COFFEE.staking_deposit.opcode, {
          children: [
            poolLog(COFFEE.staking_deposit.opcode),
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
    return mergeWithLog(nb, [block, poolCall, mint], others);
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
    fillUserPoolColumns(action, d, d.amount);
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
      new ContractMatcher(COFFEE.staking_position_withdraw.opcode, {
        children: [labeled('jetton_transfer', new BlockTypeMatcher('jetton_transfer'))],
      }),
    );
    super({
      child: labeled(
        'withdraw_2',
        new ContractMatcher(COFFEE.staking_position_withdraw.opcode, {
          children: [withdraw3, poolLog(COFFEE.staking_position_withdraw.opcode)],
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, COFFEE.staking_position_withdraw.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const w2 = getLabeled('withdraw_2', others, CallContractBlock);
    const w3 = getLabeled('withdraw_3', others, CallContractBlock);
    const transfer = getLabeled('jetton_transfer', others, JettonTransferBlock);
    if (!w2 || !w3 || !transfer) {
      return [];
    }
    // `COFFEE.staking_position_withdraw` (withdraw_1): toncenter reads it, so a shorter one fails
    loadFields(COFFEE.staking_position_withdraw, bodySlice(block.message.body));
    const m2 = parseCoffeeStakingWithdraw2(bodySlice(w2.message.body));
    const m3 = parseCoffeeStakingWithdraw3(bodySlice(w3.message.body));
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
    return mergeWithLog(nb, [block, w2, w3, transfer], others);
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
        poolLog(COFFEE.staking_claim_rewards.opcode),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode === COFFEE.staking_claim_rewards.opcode &&
      block.next.length > 0
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const transfer = getLabeled('jetton_transfer', others, JettonTransferBlock);
    if (!transfer) {
      return [];
    }
    const m = parseCoffeeStakingClaimRewards(bodySlice(block.message.body));
    const nb = new CoffeeStakingClaimRewardsBlock({
      recipient: m.receiver,
      pool: block.message.destination,
      asset: transfer.data.asset,
      amount: m.jetton_amount,
      pool_jetton_wallet: m.jetton_wallet,
      recipient_jetton_wallet: transfer.data.receiver_wallet,
    });
    return mergeWithLog(nb, [block, transfer], others);
  }
}
