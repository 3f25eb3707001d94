import type { ActionRow } from '../../action';
import { CallContractBlock } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  ExclusiveOrMatcher,
  GenericMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { EVAA, type LoadedFields, loadFields } from '@app/ton';
import { bodySlice } from '../../tlb/cells';
import {
  checkEvaaLiquidateSatisfiedTail,
  parseEvaaLiquidateUnsatisfiedReason,
} from '../../tlb/evaa';
import { JettonTransferBlock } from '../jettons';
import { accountIdStr, commentMatcher, EvaaHeaderMatcher, hasPayloadOpcode, hexId } from './common';

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

  /**
   * Unlike its other fillers, toncenter's `_fill_evaa_liquidate_action` writes the accounts with
   * `str(AccountId)`, not `as_str()`: lower-case raw, `addr_none` for none (the borrower contract is
   * None when the master rejected at once). It writes the collateral asset id as a decimal number into
   * `asset`, and takes success from the data alone.
   */
  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = accountIdStr(d.liquidator);
    action.destination = accountIdStr(d.borrower);
    action.destination_secondary =
      d.borrower_contract === null ? null : accountIdStr(d.borrower_contract);
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
              (b.opcode === EVAA.liquidate_success_report.opcode ||
                b.opcode === EVAA.liquidate_fail.opcode),
          ),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      );
    const satisfiedSuccess = labeled(
      'liquidate_satisfied_and_success',
      new ContractMatcher(EVAA.liquidate_satisfied.opcode, {
        children: [
          new EvaaHeaderMatcher(EVAA.liquidate_success.opcode, { child: commentMatcher() }),
          finishWithReport(),
        ],
      }),
    );
    const satisfiedFail = labeled(
      'liquidate_satisfied_and_fail',
      new ContractMatcher(EVAA.liquidate_satisfied.opcode, {
        children: [new ContractMatcher(EVAA.liquidate_fail.opcode), finishWithReport()],
      }),
    );
    const unsatisfied = labeled(
      'liquidate_unsatisfied',
      new ContractMatcher(EVAA.liquidate_unsatisfied.opcode, { child: finishWithReport() }),
    );
    const user = labeled(
      'liquidate_user',
      new EvaaHeaderMatcher(EVAA.liquidate_user.opcode, {
        child: new ExclusiveOrMatcher([satisfiedSuccess, satisfiedFail, unsatisfied]),
      }),
    );
    super({ child: new ExclusiveOrMatcher([user, immediateRefund]) });
  }

  override testSelf(block: Block): boolean {
    if (block instanceof CallContractBlock) {
      return block.opcode === EVAA.liquidate_master.opcode;
    }
    return (
      block instanceof JettonTransferBlock && hasPayloadOpcode(block, EVAA.liquidate_master.opcode)
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    let liquidator: string | null;
    let master: LoadedFields<typeof EVAA.liquidate_master.fields>;
    if (block instanceof CallContractBlock) {
      liquidator = block.message.source;
      master = loadFields(EVAA.liquidate_master, bodySlice(block.message.body));
    } else if (block instanceof JettonTransferBlock && block.data.forward_payload !== null) {
      liquidator = block.data.sender;
      // the forward payload of a jetton transfer to the master has the same layout
      master = loadFields(EVAA.liquidate_master, bodySlice(block.data.forward_payload));
    } else {
      return [];
    }
    const failed = (borrowerContract: string | null, reason: string): EvaaLiquidateBlock =>
      new EvaaLiquidateBlock({
        liquidator,
        borrower: master.borrower_address,
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
        const s = loadFields(EVAA.liquidate_satisfied, bodySlice(success.message.body));
        checkEvaaLiquidateSatisfiedTail(s.details.rest);
        nb = new EvaaLiquidateBlock({
          liquidator,
          borrower: s.owner_address,
          borrower_contract: borrowerContract,
          collateral_asset_id: s.details.collateral_asset_id,
          collateral_amount: s.details.collateral_reward,
          debt_amount: s.details.liquidatable_amount,
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
