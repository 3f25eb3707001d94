/**
 * TONStakers deposits and withdrawals (toncenter `blocks/staking.py`): `tonstakers_deposit` (stored as
 * stake_deposit), `tonstakers_withdraw` (stored as stake_withdrawal) and `tonstakers_withdraw_request`
 * (stored as stake_withdrawal_request), provider `liquid_staking`.
 */
import { loadFields, TONSTAKERS } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock, findCall, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import { BlockMatcher, ContractMatcher, getLabeled, labeled, OrMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { JettonOp, parseJettonBurn, parseJettonInternalTransfer } from '../tlb/jetton';
import { NftMintBlock } from './nft';

/** The deposit fee the pool keeps of every deposit (1 TON). */
const DEPOSIT_FEE = 1_000_000_000n;

export interface TonstakersDepositData {
  source: string | null;
  /** The depositor's tsTON wallet (null when the deposit failed). */
  user_jetton_wallet: string | null;
  pool: string | null;
  /** The deposit: the request's value less the 1 TON fee. */
  value: bigint;
  tokens_minted: bigint | null;
  /** The tsTON jetton master (the sender of the internal_transfer). */
  asset: string | null;
}

export class TonstakersDepositBlock extends Block {
  constructor(readonly data: TonstakersDepositData) {
    super('tonstakers_deposit', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'stake_deposit';
    action.source = d.source;
    action.destination = d.pool;
    action.amount = d.value;
    action.asset = d.asset;
    action.staking_data = { provider: 'liquid_staking', tokens_minted: d.tokens_minted };
  }
}

/**
 * deposit (0x47d54391, user → pool) → the pool's mint (0x1674b0a0, → tsTON minter) → internal_transfer
 * of the minted tsTON to the depositor's wallet (with its excess) → optional transfer_notification.
 * Without the internal_transfer nothing was minted and, as toncenter's matcher does, nothing is built
 * (the deposit stays call_contracts).
 */
export class TonstakersDepositMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new ContractMatcher(TONSTAKERS.payout_mint_jettons.opcode, {
        optional: true,
        child: labeled(
          'transfer',
          new ContractMatcher(JettonOp.internalTransfer, {
            includeExcess: true,
            child: new ContractMatcher(JettonOp.notify, { optional: true }),
          }),
        ),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, TONSTAKERS.pool_deposit.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const transfer = getLabeled('transfer', others, CallContractBlock);
    if (!transfer) {
      throw new Error('tonstakers deposit without the internal_transfer of its tsTON');
    }
    const failed = block.failed;
    const minted = failed ? null : parseJettonInternalTransfer(bodySlice(transfer.message.body));
    const nb = new TonstakersDepositBlock({
      source: msg.source,
      user_jetton_wallet: failed ? null : transfer.message.destination,
      pool: msg.destination,
      value: (msg.value ?? 0n) - DEPOSIT_FEE,
      tokens_minted: minted ? minted.amount : null,
      asset: transfer.message.source,
    });
    nb.failed = failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}

export interface TonstakersWithdrawData {
  stake_holder: string | null;
  burnt_nft: string | null;
  pool: string | null;
  tokens_burnt: bigint | null;
  amount: bigint | null;
  /** The tsTON jetton master (null for a delayed withdrawal's payout). */
  asset: string | null;
}

export class TonstakersWithdrawBlock extends Block {
  constructor(readonly data: TonstakersWithdrawData) {
    super('tonstakers_withdraw', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'stake_withdrawal';
    action.source = d.stake_holder;
    action.destination = d.pool;
    action.amount = d.amount;
    action.asset = d.asset;
    action.staking_data = {
      provider: 'liquid_staking',
      ts_nft: d.burnt_nft,
      tokens_burnt: d.tokens_burnt,
    };
  }
}

export class TonstakersWithdrawRequestBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      ts_ton_wallet: string | null;
      pool: string | null;
      tokens_burnt: bigint;
      minted_nft: string | null;
      asset: string | null;
    },
  ) {
    super('tonstakers_withdraw_request', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'stake_withdrawal_request';
    action.source = d.source;
    action.source_secondary = d.ts_ton_wallet;
    action.destination = d.pool;
    action.amount = d.tokens_burnt;
    action.asset = d.asset;
    action.staking_data = { provider: 'liquid_staking', ts_nft: d.minted_nft };
  }
}

/**
 * Payout of a withdrawal bill: distributed_asset (0xdb3b8abd) after the bill's burn_notification, after
 * its burn. The pool is found walking back to the distribution start (0x1140a64f) or a withdrawal.
 */
export class TonstakersDelayedWithdrawalMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: new ContractMatcher(TONSTAKERS.nft_burn_notification.opcode, {
        parent: new ContractMatcher(TONSTAKERS.nft_burn.opcode),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, TONSTAKERS.nft_payout.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const notification = block.previous;
    if (!notification) {
      return [];
    }
    const n = loadFields(TONSTAKERS.nft_burn_notification, bodySlice(notification.message.body));
    const nb = new TonstakersWithdrawBlock({
      stake_holder: n.owner,
      burnt_nft: notification.message.source,
      pool: findPool(notification),
      amount: block.message.value,
      tokens_burnt: n.amount,
      asset: null,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

function findPool(from: Block): string | null {
  const passThrough: number[] = [
    TONSTAKERS.nft_burn_notification.opcode,
    TONSTAKERS.nft_burn.opcode,
    TONSTAKERS.nft_payout.opcode,
  ];
  for (let cur = from.previous; cur !== null; cur = cur.previous) {
    if (cur instanceof CallContractBlock && cur.opcode === TONSTAKERS.start_distribution.opcode) {
      return cur.message.source;
    }
    if (cur instanceof TonstakersWithdrawBlock) {
      return cur.data.pool;
    }
    if (!(
      cur instanceof CallContractBlock &&
      cur.opcode !== null &&
      passThrough.includes(cur.opcode)
    )) {
      break;
    }
  }
  return null;
}

/**
 * tsTON burn → burn_notification → the minter's withdraw request to the pool, then either the pool's
 * immediate payout (0x0a77535c: tonstakers_withdraw, amount = payout value − request value) or the mint
 * of a withdrawal bill NFT (tonstakers_withdraw_request; failed when no NFT was minted).
 */
export class TonstakersWithdrawMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new ContractMatcher(JettonOp.burnNotification, {
        child: labeled(
          'request',
          new ContractMatcher(TONSTAKERS.pool_withdraw.opcode, {
            child: new OrMatcher([
              labeled(
                'immediate_withdrawal',
                new ContractMatcher(TONSTAKERS.pool_withdrawal.opcode),
              ),
              labeled(
                'delayed_withdrawal',
                new ContractMatcher(TONSTAKERS.payout_mint_jettons.opcode),
              ),
            ]),
          }),
        ),
      }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JettonOp.burn);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const burn = parseJettonBurn(bodySlice(msg.body));
    const immediate = getLabeled('immediate_withdrawal', others, CallContractBlock);
    const delayed = getLabeled('delayed_withdrawal', others, CallContractBlock);
    const request = getLabeled('request', others, CallContractBlock);
    if (!request) {
      return [];
    }
    let failed = block.failed;
    const asset = request.message.source;
    let nb: Block;
    if (immediate) {
      const before = immediate.previous;
      nb = new TonstakersWithdrawBlock({
        stake_holder: msg.source,
        burnt_nft: null,
        pool: request.message.destination,
        tokens_burnt: burn.amount,
        amount: (immediate.message.value ?? 0n) - (before?.message.value ?? 0n),
        asset,
      });
    } else {
      const next = delayed?.next ?? [];
      const mint: Block | null =
        next.find((b) => b instanceof NftMintBlock) ?? findCall(next, TONSTAKERS.nft_init.opcode);
      if (!mint) {
        failed = true;
      }
      nb = new TonstakersWithdrawRequestBlock({
        source: msg.source,
        ts_ton_wallet: msg.destination,
        pool: request.message.destination,
        tokens_burnt: burn.amount,
        minted_nft: mint ? mint.message.destination : null,
        asset,
      });
    }
    nb.failed = failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}
