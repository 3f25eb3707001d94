/**
 * EVAA lending (toncenter `evaa.py`): supplies (TON supply_master, or a jetton transfer carrying it) and
 * withdrawals (withdraw_master → user contract → master → payout, or one of the failure paths), and
 * liquidations (liquidate_master, in TON or as a jetton transfer's payload → liquidate_user → the user
 * contract's satisfied or unsatisfied answer, or an immediate refund by the master).
 */
import type { ActionRow } from '../action';
import { CallContractBlock, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  ExclusiveOrMatcher,
  GenericMatcher,
  OrMatcher,
  getLabeled,
  labeled,
  type MatcherOptions,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  EVAA_TON_ASSET_ID,
  EVAA_WITHDRAW_FAIL_EXCESS,
  EvaaOp,
  evaaHeaderOpcode,
  parseEvaaSupplyJettonPayload,
  parseEvaaSupplyMaster,
  parseEvaaSupplySuccessAmount,
  parseEvaaUserCommandAssetId,
  parseEvaaLiquidateMaster,
  parseEvaaLiquidateSatisfied,
  parseEvaaLiquidateUnsatisfiedReason,
  parseEvaaWithdrawCollateralizedAmount,
  parseEvaaWithdrawMaster,
} from '../tlb/evaa';
import { assetAddress, TON_ASSET, type Asset } from './asset';
import { JettonTransferBlock } from './jettons';

const EVAA_COMMENTS = new Set(['EVAA liquidation.', 'EVAA supply.', 'EVAA withdraw.']);

function commentMatcher(): GenericMatcher {
  return new GenericMatcher(
    (b) => b instanceof TonTransferBlock && b.comment !== null && EVAA_COMMENTS.has(b.comment),
    { optional: true },
  );
}

/** A call to a user contract: the opcode follows the user header. */
class EvaaHeaderMatcher extends BlockMatcher {
  constructor(
    readonly opcode: number,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block): boolean {
    if (!(block instanceof CallContractBlock) || block.message.body === null) {
      return false;
    }
    try {
      return evaaHeaderOpcode(bodySlice(block.message.body)) === this.opcode;
    } catch {
      return false;
    }
  }
}

function hexId(id: bigint | null): string | null {
  return id === null ? null : `0x${id.toString(16)}`;
}

interface EvaaSupplyData {
  sender: string | null;
  recipient: string | null;
  recipient_contract: string | null;
  amount: bigint;
  is_success: boolean;
  is_ton: boolean;
  asset_id: bigint;
  sender_jetton_wallet: string | null;
  recipient_jetton_wallet: string | null;
  master_jetton_wallet: string | null;
  master: string | null;
  asset: Asset | null;
}

export class EvaaSupplyBlock extends Block {
  constructor(readonly data: EvaaSupplyData) {
    super('evaa_supply', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_jetton_wallet;
    action.destination = d.recipient;
    action.destination_secondary = d.recipient_contract;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    action.success = d.is_success && !this.failed;
    action.evaa_supply_data = {
      is_ton: d.is_ton,
      asset_id: hexId(d.asset_id),
      master: d.master,
      recipient_jetton_wallet: d.recipient_jetton_wallet,
      master_jetton_wallet: d.master_jetton_wallet,
    };
  }
}

function hasPayloadOpcode(b: JettonTransferBlock, opcode: number): boolean {
  const p = b.data.forward_payload;
  if (p === null) {
    return false;
  }
  try {
    return bodySlice(p).loadUint(32) === opcode;
  } catch {
    return false;
  }
}

export class EvaaSupplyBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'supply_user',
        new EvaaHeaderMatcher(EvaaOp.supplyUser, {
          child: new OrMatcher([
            labeled(
              'supply_success',
              new ContractMatcher(EvaaOp.supplySuccess, { child: commentMatcher() }),
            ),
            labeled('supply_fail', new ContractMatcher(EvaaOp.supplyFail)),
            labeled('jetton_return', new BlockTypeMatcher('jetton_transfer')),
          ]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    if (block instanceof CallContractBlock) {
      return block.opcode === EvaaOp.supplyMaster;
    }
    return block instanceof JettonTransferBlock && hasPayloadOpcode(block, EvaaOp.supplyMaster);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const isTon = block instanceof CallContractBlock;
    let sender: string | null;
    let amount: bigint;
    let senderWallet: string | null = null;
    let recipientWallet: string | null = null;
    let masterWallet: string | null = null;
    let master: string | null;
    let recipient: string | null;
    let asset: Asset | null = TON_ASSET;
    if (block instanceof CallContractBlock) {
      sender = block.message.source;
      const m = parseEvaaSupplyMaster(bodySlice(block.message.body));
      amount = m.supply_amount;
      recipient = m.recipient;
      master = block.message.destination;
    } else if (block instanceof JettonTransferBlock) {
      sender = block.data.sender;
      senderWallet = block.data.sender_wallet;
      masterWallet = block.data.receiver_wallet;
      amount = block.data.amount;
      master = block.data.receiver;
      asset = block.data.asset;
      if (block.data.forward_payload === null) {
        return [];
      }
      recipient = parseEvaaSupplyJettonPayload(bodySlice(block.data.forward_payload)).recipient;
      if (sender !== null && sender === recipient) {
        recipientWallet = senderWallet;
      } else {
        for (const o of others) {
          if (o instanceof JettonTransferBlock && o.data.sender_wallet === masterWallet) {
            recipientWallet = o.data.receiver_wallet;
            break;
          }
        }
      }
    } else {
      return [];
    }
    const user = getLabeled('supply_user', others, CallContractBlock);
    if (!user) {
      return [];
    }
    const base = {
      sender,
      recipient,
      recipient_contract: user.message.destination,
      is_ton: isTon,
      asset_id: parseEvaaUserCommandAssetId(bodySlice(user.message.body)),
      recipient_jetton_wallet: recipientWallet,
      master_jetton_wallet: masterWallet,
      sender_jetton_wallet: senderWallet,
      master,
      asset,
    };
    const success = getLabeled('supply_success', others, CallContractBlock);
    if (success) {
      const nb = new EvaaSupplyBlock({
        ...base,
        amount: parseEvaaSupplySuccessAmount(bodySlice(success.message.body)),
        is_success: true,
      });
      nb.merge([block, ...others]);
      return [nb];
    }
    const fail = getLabeled('supply_fail', others, CallContractBlock);
    const jettonReturn = getLabeled('jetton_return', others, JettonTransferBlock);
    if (fail || jettonReturn) {
      const nb = new EvaaSupplyBlock({ ...base, amount, is_success: false });
      nb.merge([block, ...others]);
      return [nb];
    }
    return [];
  }
}

interface EvaaWithdrawData {
  owner: string | null;
  owner_contract: string | null;
  recipient: string | null;
  asset_id: bigint;
  amount: bigint;
  is_success: boolean;
  is_ton: boolean;
  recipient_jetton_wallet: string | null;
  master_jetton_wallet: string | null;
  fail_reason: string | null;
  master: string | null;
  asset: Asset | null;
}

export class EvaaWithdrawBlock extends Block {
  constructor(readonly data: EvaaWithdrawData) {
    super('evaa_withdraw', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.owner;
    action.destination = d.recipient;
    action.destination_secondary = d.owner_contract;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    action.success = d.is_success && !this.failed;
    action.evaa_withdraw_data = {
      is_ton: d.is_ton,
      recipient_jetton_wallet: d.recipient_jetton_wallet,
      master_jetton_wallet: d.master_jetton_wallet,
      fail_reason: d.fail_reason,
      master: d.master,
      asset_id: hexId(d.asset_id),
    };
  }
}

export class EvaaWithdrawBlockMatcher extends BlockMatcher {
  constructor() {
    const payout = new ExclusiveOrMatcher([
      labeled('jetton_payout', new BlockTypeMatcher('jetton_transfer')),
      labeled(
        'ton_payout',
        new ContractMatcher(EvaaOp.withdrawSuccess, { child: commentMatcher() }),
      ),
    ]);
    const success = labeled(
      'withdraw_success',
      new EvaaHeaderMatcher(EvaaOp.withdrawSuccess, {
        child: new BlockTypeMatcher('ton_transfer'),
      }),
    );
    const collateralizedSuccess = labeled(
      'withdraw_collateralized_success',
      new ContractMatcher(EvaaOp.withdrawCollateralized, { children: [payout, success] }),
    );
    const collateralizedFail = labeled(
      'withdraw_collateralized_fail',
      new ContractMatcher(EvaaOp.withdrawCollateralized, {
        child: labeled(
          'withdraw_fail_no_funds',
          new EvaaHeaderMatcher(EvaaOp.withdrawFail, {
            child: labeled(
              'withdraw_no_funds_excess',
              new ContractMatcher(EvaaOp.withdrawNoFundsExcess),
            ),
          }),
        ),
      }),
    );
    const failOnUser = labeled(
      'withdraw_fail_on_user_excesses',
      new GenericMatcher(
        (b) =>
          b instanceof CallContractBlock &&
          b.opcode !== null &&
          EVAA_WITHDRAW_FAIL_EXCESS.has(b.opcode),
      ),
    );
    super({
      child: labeled(
        'withdraw_on_user',
        new EvaaHeaderMatcher(EvaaOp.withdrawUser, {
          child: new ExclusiveOrMatcher([collateralizedSuccess, collateralizedFail, failOnUser]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === EvaaOp.withdrawMaster;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const m = parseEvaaWithdrawMaster(bodySlice(block.message.body));
    const isTon = m.asset_id === EVAA_TON_ASSET_ID;
    const user = getLabeled('withdraw_on_user', others, CallContractBlock);
    if (!user) {
      return [];
    }
    const base: EvaaWithdrawData = {
      owner: block.message.source,
      owner_contract: user.message.destination,
      recipient: m.recipient,
      asset_id: m.asset_id,
      amount: m.amount,
      is_success: false,
      is_ton: isTon,
      recipient_jetton_wallet: null,
      master_jetton_wallet: null,
      fail_reason: null,
      master: block.message.destination,
      asset: null,
    };
    let data: EvaaWithdrawData | null = null;
    const ok = getLabeled('withdraw_collateralized_success', others, CallContractBlock);
    if (ok) {
      data = {
        ...base,
        amount: parseEvaaWithdrawCollateralizedAmount(bodySlice(ok.message.body)),
        is_success: true,
      };
      if (isTon) {
        if (!getLabeled('ton_payout', others, CallContractBlock)) {
          return [];
        }
        data.asset = TON_ASSET;
      } else {
        const p = getLabeled('jetton_payout', others, JettonTransferBlock);
        if (!p) {
          return [];
        }
        data.asset = p.data.asset;
        data.recipient_jetton_wallet = p.data.receiver_wallet;
        data.master_jetton_wallet = p.data.sender_wallet;
      }
    } else if (getLabeled('withdraw_collateralized_fail', others, CallContractBlock)) {
      data = { ...base, fail_reason: 'withdraw_no_funds_excess' };
    } else {
      const f = getLabeled('withdraw_fail_on_user_excesses', others, CallContractBlock);
      if (f && f.opcode !== null) {
        data = { ...base, fail_reason: EVAA_WITHDRAW_FAIL_EXCESS.get(f.opcode) ?? null };
      }
    }
    if (!data) {
      return [];
    }
    const nb = new EvaaWithdrawBlock(data);
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface EvaaLiquidateData {
  liquidator: string | null;
  /** The user being liquidated. */
  borrower: string | null;
  borrower_contract: string | null;
  collateral_asset_id: bigint;
  collateral_amount: bigint;
  debt_amount: bigint;
  is_success: boolean;
  fail_reason: string | null;
}

export class EvaaLiquidateBlock extends Block {
  constructor(readonly data: EvaaLiquidateData) {
    super('evaa_liquidate', []);
  }

  /** toncenter writes the collateral asset id as a decimal number into `asset`, and takes success from the data alone. */
  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.liquidator;
    action.destination = d.borrower;
    action.destination_secondary = d.borrower_contract;
    action.asset = d.collateral_asset_id.toString();
    action.amount = d.collateral_amount;
    action.success = d.is_success;
    action.evaa_liquidate_data = {
      asset_id: hexId(d.collateral_asset_id),
      fail_reason: d.fail_reason,
      debt_amount: d.debt_amount,
    };
  }
}

/**
 * liquidate_master (a TON call, or a jetton transfer whose payload it is) to the master, then either the
 * master's liquidate_user to the borrower's contract and that contract's answer (liquidate_satisfied
 * with liquidate_success or liquidate_fail, or liquidate_unsatisfied), or an immediate refund (the call
 * bounced, or the jettons sent back).
 */
export class EvaaLiquidateBlockMatcher extends BlockMatcher {
  constructor() {
    const immediateRefund = labeled(
      'immediate_fail_refund',
      new ExclusiveOrMatcher([
        new GenericMatcher((b) => b instanceof CallContractBlock && b.message.bounced === true),
        new BlockTypeMatcher('jetton_transfer'),
      ]),
    );
    const finishWithReport = (): BlockMatcher =>
      labeled(
        'finish_with_tokens_and_report',
        new ExclusiveOrMatcher([
          new GenericMatcher(
            (b) =>
              b instanceof CallContractBlock &&
              (b.opcode === EvaaOp.liquidateSuccessReport || b.opcode === EvaaOp.liquidateFail),
          ),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      );
    const satisfiedSuccess = labeled(
      'liquidate_satisfied_and_success',
      new ContractMatcher(EvaaOp.liquidateSatisfied, {
        children: [
          new EvaaHeaderMatcher(EvaaOp.liquidateSuccess, { child: commentMatcher() }),
          finishWithReport(),
        ],
      }),
    );
    const satisfiedFail = labeled(
      'liquidate_satisfied_and_fail',
      new ContractMatcher(EvaaOp.liquidateSatisfied, {
        children: [new ContractMatcher(EvaaOp.liquidateFail), finishWithReport()],
      }),
    );
    const unsatisfied = labeled(
      'liquidate_unsatisfied',
      new ContractMatcher(EvaaOp.liquidateUnsatisfied, { child: finishWithReport() }),
    );
    const user = labeled(
      'liquidate_user',
      new EvaaHeaderMatcher(EvaaOp.liquidateUser, {
        child: new ExclusiveOrMatcher([satisfiedSuccess, satisfiedFail, unsatisfied]),
      }),
    );
    super({ child: new ExclusiveOrMatcher([user, immediateRefund]) });
  }

  override testSelf(block: Block): boolean {
    if (block instanceof CallContractBlock) {
      return block.opcode === EvaaOp.liquidateMaster;
    }
    return block instanceof JettonTransferBlock && hasPayloadOpcode(block, EvaaOp.liquidateMaster);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    let liquidator: string | null;
    let master: ReturnType<typeof parseEvaaLiquidateMaster>;
    if (block instanceof CallContractBlock) {
      liquidator = block.message.source;
      master = parseEvaaLiquidateMaster(bodySlice(block.message.body));
    } else if (block instanceof JettonTransferBlock && block.data.forward_payload !== null) {
      liquidator = block.data.sender;
      master = parseEvaaLiquidateMaster(bodySlice(block.data.forward_payload));
    } else {
      return [];
    }
    const failed = (borrowerContract: string | null, reason: string): EvaaLiquidateBlock =>
      new EvaaLiquidateBlock({
        liquidator,
        borrower: master.borrower,
        borrower_contract: borrowerContract,
        collateral_asset_id: master.collateral_asset_id,
        collateral_amount: 0n,
        debt_amount: master.liquidate_incoming_amount,
        is_success: false,
        fail_reason: reason,
      });
    const user = getLabeled('liquidate_user', others, CallContractBlock);
    let nb: EvaaLiquidateBlock;
    if (!user) {
      if (!getLabeled('immediate_fail_refund', others)) {
        return [];
      }
      nb = failed(null, 'immediate_rejection');
    } else {
      const borrowerContract = user.message.destination;
      const success = getLabeled('liquidate_satisfied_and_success', others, CallContractBlock);
      const unsatisfied = getLabeled('liquidate_unsatisfied', others, CallContractBlock);
      if (success) {
        const s = parseEvaaLiquidateSatisfied(bodySlice(success.message.body));
        nb = new EvaaLiquidateBlock({
          liquidator,
          borrower: s.owner,
          borrower_contract: borrowerContract,
          collateral_asset_id: s.collateral_asset_id,
          collateral_amount: s.collateral_reward,
          debt_amount: s.liquidatable_amount,
          is_success: true,
          fail_reason: null,
        });
      } else if (unsatisfied) {
        nb = failed(
          borrowerContract,
          parseEvaaLiquidateUnsatisfiedReason(bodySlice(unsatisfied.message.body)),
        );
      } else if (getLabeled('liquidate_satisfied_and_fail', others)) {
        nb = failed(borrowerContract, 'master_not_enough_liquidity');
      } else {
        return [];
      }
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}
