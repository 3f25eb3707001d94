/**
 * Standard nominator pool stakes (toncenter `blocks/staking.py`): `nominator_pool_deposit` (stored as
 * stake_deposit) and `nominator_pool_withdraw_request` (stored as stake_withdrawal_request, or as
 * stake_withdrawal when the pool paid out at once), provider `nominator`. A nominator talks to the
 * pool with text comments (https://github.com/ton-blockchain/nominator-pool: "d" deposits, "w" asks to
 * withdraw); the validator's process_withdraw_requests (op 2) pays queued withdrawals. Only accounts
 * known to run the pool's code count (InterfaceRepository.isNominatorPool).
 */
import type { ActionRow } from '../action';
import { isCall, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher } from '../core/matchers';

/** process_withdraw_requests: the validator asks the pool to pay the queued withdrawals. */
export const NOMINATOR_POOL_PROCESS_WITHDRAW_REQUESTS_OP = 0x00000002;

export class NominatorPoolDepositBlock extends Block {
  constructor(readonly data: { source: string | null; pool: string | null; value: bigint | null }) {
    super('nominator_pool_deposit', []);
  }

  override fill(action: ActionRow): void {
    action.type = 'stake_deposit';
    action.source = this.data.source;
    action.destination = this.data.pool;
    action.amount = this.data.value;
    action.staking_data = { provider: 'nominator' };
  }
}

export class NominatorPoolWithdrawRequestBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      pool: string | null;
      /** What the pool paid out at once; null when the request was only queued. */
      payout_amount: bigint | null;
    },
  ) {
    super('nominator_pool_withdraw_request', []);
  }

  override fill(action: ActionRow): void {
    if (this.data.payout_amount === null) {
      action.type = 'stake_withdrawal_request';
    } else {
      action.type = 'stake_withdrawal';
      action.amount = this.data.payout_amount;
    }
    action.staking_data = { provider: 'nominator' };
    action.source = this.data.source;
    action.destination = this.data.pool;
  }
}

function isCommentTo(block: Block, comment: string): block is TonTransferBlock {
  return block instanceof TonTransferBlock && block.comment === comment;
}

/** "d" to a pool: a deposit of the whole value (its bounce, if any, merged in). */
export class NominatorPoolDepositMatcher extends BlockMatcher {
  constructor() {
    super({ includeBounces: true, preBuildAutoAppend: true });
  }

  override testSelf(block: Block): boolean {
    return isCommentTo(block, 'd');
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    if (!ctx.interfaces.isNominatorPool(msg.destination)) {
      return [];
    }
    const nb = new NominatorPoolDepositBlock({
      source: msg.source,
      pool: msg.destination,
      value: msg.value,
    });
    nb.failed = block.failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}

/**
 * "w" to a pool. With one TON transfer back worth more than the request, the pool paid at once (the
 * transfer's value is the payout); with two, the payout is the earlier one. Otherwise the request was
 * queued (a lone transfer back, merged in, is then the change).
 */
export class NominatorPoolWithdrawRequestMatcher extends BlockMatcher {
  constructor() {
    super({ includeBounces: true, preBuildAutoAppend: true });
  }

  override testSelf(block: Block): boolean {
    return isCommentTo(block, 'w');
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const msg = block.message;
    if (!ctx.interfaces.isNominatorPool(msg.destination)) {
      return [];
    }
    const transfers = block.next.filter(
      (b): b is TonTransferBlock => b instanceof TonTransferBlock,
    );
    let payout: bigint | null = null;
    const extra: Block[] = [];
    const [first] = transfers;
    if (transfers.length === 1 && first) {
      extra.push(first);
      if ((first.value ?? 0n) > (msg.value ?? 0n)) {
        payout = first.value;
      }
    } else if (transfers.length === 2) {
      extra.push(...transfers);
      const earliest = [...transfers].sort((a, b) =>
        (a.message.created_lt ?? 0n) <= (b.message.created_lt ?? 0n) ? -1 : 1,
      )[0];
      payout = earliest?.value ?? null;
    }
    const nb = new NominatorPoolWithdrawRequestBlock({
      source: msg.source,
      pool: msg.destination,
      payout_amount: payout,
    });
    nb.failed = block.failed;
    nb.merge([block, ...others, ...extra]);
    return [nb];
  }
}

/**
 * process_withdraw_requests (op 2) to a pool: every TON transfer the pool sends in answer pays one
 * nominator's queued withdrawal, each its own stake_withdrawal (the call itself stays call_contract).
 */
export class NominatorPoolWithdrawMatcher extends BlockMatcher {
  constructor() {
    super({ includeBounces: true, preBuildAutoAppend: true });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, NOMINATOR_POOL_PROCESS_WITHDRAW_REQUESTS_OP);
  }

  override buildBlock(block: Block, _others: Block[], ctx: ClassifyContext): Block[] {
    const pool = block.message.destination;
    if (!ctx.interfaces.isNominatorPool(pool)) {
      return [];
    }
    const built: Block[] = [];
    for (const transfer of block.next) {
      if (!(transfer instanceof TonTransferBlock)) {
        continue;
      }
      const nb = new NominatorPoolWithdrawRequestBlock({
        source: transfer.message.destination,
        pool,
        payout_amount: transfer.value,
      });
      nb.merge([transfer]);
      built.push(nb);
    }
    return built;
  }
}
