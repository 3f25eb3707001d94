import {
  type AccountStatusChange,
  type ComputeSkipReason,
  type SplitMergeInfo,
  type TransactionActionPhase,
  type TransactionBouncePhase,
  type TransactionComputePhase,
  type TransactionCreditPhase,
  type TransactionDescription,
  type TransactionStoragePhase,
} from '@ton/core';

import { extraCurrenciesOf } from './currency.reader';
import {
  type BounceType,
  type ParsedTransaction,
  type SkippedReason,
  type StatusChange,
} from './parsed-block';
import { rawAccount, uint256Base64 } from './raw-format';

/*
 * trans_ord$0000 credit_first:Bool storage_ph:(Maybe TrStoragePhase) credit_ph:(Maybe TrCreditPhase)
 *   compute_ph:TrComputePhase action:(Maybe ^TrActionPhase) aborted:Bool bounce:(Maybe TrBouncePhase)
 *   destroyed:Bool = TransactionDescr;
 * trans_storage$0001 storage_ph:TrStoragePhase = TransactionDescr;
 * trans_tick_tock$001 is_tock:Bool storage_ph:TrStoragePhase compute_ph:TrComputePhase
 *   action:(Maybe ^TrActionPhase) aborted:Bool destroyed:Bool = TransactionDescr;
 * trans_split_prepare$0100 split_info:SplitMergeInfo storage_ph:(Maybe TrStoragePhase)
 *   compute_ph:TrComputePhase action:(Maybe ^TrActionPhase) aborted:Bool destroyed:Bool = TransactionDescr;
 * trans_split_install$0101 split_info:SplitMergeInfo prepare_transaction:^Transaction installed:Bool
 *   = TransactionDescr;
 * trans_merge_prepare$0110 split_info:SplitMergeInfo storage_ph:TrStoragePhase aborted:Bool
 *   = TransactionDescr;
 * trans_merge_install$0111 split_info:SplitMergeInfo prepare_transaction:^Transaction
 *   storage_ph:(Maybe TrStoragePhase) credit_ph:(Maybe TrCreditPhase) compute_ph:TrComputePhase
 *   action:(Maybe ^TrActionPhase) aborted:Bool destroyed:Bool = TransactionDescr;
 * (crypto/block/block.tlb) As @ton/core's TransactionDescription parses it, flattened into the
 * description columns of toncenter v3's `transactions` table; a column a constructor lacks is null.
 */

/** The columns that come from the transaction description, and their values when absent. */
export type DescrColumns = Omit<
  ParsedTransaction,
  | 'hash'
  | 'lt'
  | 'account'
  | 'now'
  | 'prevTransHash'
  | 'prevTransLt'
  | 'origStatus'
  | 'endStatus'
  | 'outMsgCount'
  | 'totalFees'
  | 'totalFeesExtraCurrencies'
  | 'accountStateHashBefore'
  | 'accountStateHashAfter'
  | 'inMessage'
  | 'outMessages'
>;

export function descrColumns(d: TransactionDescription, workchain: number): DescrColumns {
  switch (d.type) {
    case 'generic':
      return {
        ...EMPTY_DESCR,
        descr: 'ord',
        aborted: d.aborted,
        destroyed: d.destroyed,
        creditFirst: d.creditFirst,
        ...storageColumns(d.storagePhase),
        ...creditColumns(d.creditPhase),
        ...computeColumns(d.computePhase),
        ...actionColumns(d.actionPhase),
        ...bounceColumns(d.bouncePhase),
      };
    case 'storage':
      return { ...EMPTY_DESCR, descr: 'storage', ...storageColumns(d.storagePhase) };
    case 'tick-tock':
      return {
        ...EMPTY_DESCR,
        descr: 'tick_tock',
        aborted: d.aborted,
        destroyed: d.destroyed,
        isTock: d.isTock,
        ...storageColumns(d.storagePhase),
        ...computeColumns(d.computePhase),
        ...actionColumns(d.actionPhase),
      };
    case 'split-prepare':
      return {
        ...EMPTY_DESCR,
        descr: 'split_prepare',
        aborted: d.aborted,
        destroyed: d.destroyed,
        ...splitColumns(d.splitInfo, workchain),
        ...storageColumns(d.storagePhase),
        ...computeColumns(d.computePhase),
        ...actionColumns(d.actionPhase),
      };
    case 'split-install':
      return {
        ...EMPTY_DESCR,
        descr: 'split_install',
        installed: d.installed,
        ...splitColumns(d.splitInfo, workchain),
      };
    case 'merge-prepare':
      return {
        ...EMPTY_DESCR,
        descr: 'merge_prepare',
        aborted: d.aborted,
        ...splitColumns(d.splitInfo, workchain),
        ...storageColumns(d.storagePhase),
      };
    case 'merge-install':
      return {
        ...EMPTY_DESCR,
        descr: 'merge_install',
        aborted: d.aborted,
        destroyed: d.destroyed,
        ...splitColumns(d.splitInfo, workchain),
        ...storageColumns(d.storagePhase),
        ...creditColumns(d.creditPhase),
        ...computeColumns(d.computePhase),
        ...actionColumns(d.actionPhase),
      };
  }
}

/*
 * split_merge_info$_ cur_shard_pfx_len:(## 6) acc_split_depth:(## 6) this_addr:bits256
 *   sibling_addr:bits256 = SplitMergeInfo;
 */
function splitColumns(
  info: SplitMergeInfo,
  workchain: number,
): Pick<
  DescrColumns,
  | 'splitInfoCurShardPfxLen'
  | 'splitInfoAccSplitDepth'
  | 'splitInfoThisAddr'
  | 'splitInfoSiblingAddr'
> {
  return {
    splitInfoCurShardPfxLen: info.currentShardPrefixLength,
    splitInfoAccSplitDepth: info.accountSplitDepth,
    splitInfoThisAddr: rawAccount(workchain, info.thisAddress),
    splitInfoSiblingAddr: rawAccount(workchain, info.siblingAddress),
  };
}

/* tr_phase_storage$_ storage_fees_collected:Grams storage_fees_due:(Maybe Grams)
 *   status_change:AccStatusChange = TrStoragePhase; */
function storageColumns(
  p: TransactionStoragePhase | null | undefined,
): Pick<DescrColumns, 'storageFeesCollected' | 'storageFeesDue' | 'storageStatusChange'> {
  return {
    storageFeesCollected: p ? p.storageFeesCollected : null,
    storageFeesDue: p?.storageFeesDue ?? null,
    storageStatusChange: p ? statusChange(p.statusChange) : null,
  };
}

/* tr_phase_credit$_ due_fees_collected:(Maybe Grams) credit:CurrencyCollection = TrCreditPhase; */
function creditColumns(
  p: TransactionCreditPhase | null | undefined,
): Pick<DescrColumns, 'creditDueFeesCollected' | 'credit' | 'creditExtraCurrencies'> {
  return {
    // (sic) @ton/core's field name
    creditDueFeesCollected: p?.dueFeesColelcted ?? null,
    credit: p ? p.credit.coins : null,
    creditExtraCurrencies: p ? extraCurrenciesOf(p.credit) : null,
  };
}

type ComputeColumns = Pick<
  DescrColumns,
  | 'computeSkipped'
  | 'skippedReason'
  | 'computeSuccess'
  | 'computeMsgStateUsed'
  | 'computeAccountActivated'
  | 'computeGasFees'
  | 'computeGasUsed'
  | 'computeGasLimit'
  | 'computeGasCredit'
  | 'computeMode'
  | 'computeExitCode'
  | 'computeExitArg'
  | 'computeVmSteps'
  | 'computeVmInitStateHash'
  | 'computeVmFinalStateHash'
>;

const NO_VM: Omit<ComputeColumns, 'computeSkipped' | 'skippedReason'> = {
  computeSuccess: null,
  computeMsgStateUsed: null,
  computeAccountActivated: null,
  computeGasFees: null,
  computeGasUsed: null,
  computeGasLimit: null,
  computeGasCredit: null,
  computeMode: null,
  computeExitCode: null,
  computeExitArg: null,
  computeVmSteps: null,
  computeVmInitStateHash: null,
  computeVmFinalStateHash: null,
};

/*
 * tr_phase_compute_skipped$0 reason:ComputeSkipReason = TrComputePhase;
 * tr_phase_compute_vm$1 success:Bool msg_state_used:Bool account_activated:Bool gas_fees:Grams
 *   ^[ gas_used:(VarUInteger 7) gas_limit:(VarUInteger 7) gas_credit:(Maybe (VarUInteger 3))
 *      mode:int8 exit_code:int32 exit_arg:(Maybe int32) vm_steps:uint32
 *      vm_init_state_hash:bits256 vm_final_state_hash:bits256 ] = TrComputePhase;
 */
function computeColumns(p: TransactionComputePhase | null): ComputeColumns {
  if (!p) {
    return { computeSkipped: null, skippedReason: null, ...NO_VM };
  }
  if (p.type === 'skipped') {
    return { computeSkipped: true, skippedReason: skippedReason(p.reason), ...NO_VM };
  }
  return {
    computeSkipped: false,
    skippedReason: null,
    computeSuccess: p.success,
    computeMsgStateUsed: p.messageStateUsed,
    computeAccountActivated: p.accountActivated,
    computeGasFees: p.gasFees,
    computeGasUsed: p.gasUsed,
    computeGasLimit: p.gasLimit,
    computeGasCredit: p.gasCredit ?? null,
    computeMode: p.mode,
    computeExitCode: p.exitCode,
    computeExitArg: p.exitArg ?? null,
    computeVmSteps: p.vmSteps,
    computeVmInitStateHash: uint256Base64(p.vmInitStateHash),
    computeVmFinalStateHash: uint256Base64(p.vmFinalStateHash),
  };
}

type ActionColumns = Pick<
  DescrColumns,
  | 'actionSuccess'
  | 'actionValid'
  | 'actionNoFunds'
  | 'actionStatusChange'
  | 'actionTotalFwdFees'
  | 'actionTotalActionFees'
  | 'actionResultCode'
  | 'actionResultArg'
  | 'actionTotActions'
  | 'actionSpecActions'
  | 'actionSkippedActions'
  | 'actionMsgsCreated'
  | 'actionActionListHash'
  | 'actionTotMsgSizeCells'
  | 'actionTotMsgSizeBits'
>;

/*
 * trans_action$_ success:Bool valid:Bool no_funds:Bool status_change:AccStatusChange
 *   total_fwd_fees:(Maybe Grams) total_action_fees:(Maybe Grams) result_code:int32
 *   result_arg:(Maybe int32) tot_actions:uint16 spec_actions:uint16 skipped_actions:uint16
 *   msgs_created:uint16 action_list_hash:bits256 tot_msg_size:StorageUsed = TrActionPhase;
 */
function actionColumns(p: TransactionActionPhase | null | undefined): ActionColumns {
  if (!p) {
    return {
      actionSuccess: null,
      actionValid: null,
      actionNoFunds: null,
      actionStatusChange: null,
      actionTotalFwdFees: null,
      actionTotalActionFees: null,
      actionResultCode: null,
      actionResultArg: null,
      actionTotActions: null,
      actionSpecActions: null,
      actionSkippedActions: null,
      actionMsgsCreated: null,
      actionActionListHash: null,
      actionTotMsgSizeCells: null,
      actionTotMsgSizeBits: null,
    };
  }
  return {
    actionSuccess: p.success,
    actionValid: p.valid,
    actionNoFunds: p.noFunds,
    actionStatusChange: statusChange(p.statusChange),
    actionTotalFwdFees: p.totalFwdFees ?? null,
    actionTotalActionFees: p.totalActionFees ?? null,
    actionResultCode: p.resultCode,
    actionResultArg: p.resultArg ?? null,
    actionTotActions: p.totalActions,
    actionSpecActions: p.specActions,
    actionSkippedActions: p.skippedActions,
    actionMsgsCreated: p.messagesCreated,
    actionActionListHash: uint256Base64(p.actionListHash),
    actionTotMsgSizeCells: p.totalMessageSize.cells,
    actionTotMsgSizeBits: p.totalMessageSize.bits,
  };
}

/*
 * tr_phase_bounce_negfunds$00 = TrBouncePhase;
 * tr_phase_bounce_nofunds$01 msg_size:StorageUsed req_fwd_fees:Grams = TrBouncePhase;
 * tr_phase_bounce_ok$1 msg_size:StorageUsed msg_fees:Grams fwd_fees:Grams = TrBouncePhase;
 */
function bounceColumns(
  p: TransactionBouncePhase | null | undefined,
): Pick<
  DescrColumns,
  | 'bounce'
  | 'bounceMsgSizeCells'
  | 'bounceMsgSizeBits'
  | 'bounceReqFwdFees'
  | 'bounceMsgFees'
  | 'bounceFwdFees'
> {
  const none = {
    bounce: null,
    bounceMsgSizeCells: null,
    bounceMsgSizeBits: null,
    bounceReqFwdFees: null,
    bounceMsgFees: null,
    bounceFwdFees: null,
  };
  if (!p) {
    return none;
  }
  switch (p.type) {
    case 'negative-funds':
      return { ...none, bounce: 'negfunds' satisfies BounceType };
    case 'no-funds':
      return {
        ...none,
        bounce: 'nofunds' satisfies BounceType,
        bounceMsgSizeCells: p.messageSize.cells,
        bounceMsgSizeBits: p.messageSize.bits,
        bounceReqFwdFees: p.requiredForwardFees,
      };
    case 'ok':
      return {
        ...none,
        bounce: 'ok' satisfies BounceType,
        bounceMsgSizeCells: p.messageSize.cells,
        bounceMsgSizeBits: p.messageSize.bits,
        bounceMsgFees: p.messageFees,
        bounceFwdFees: p.forwardFees,
      };
  }
}

/* acst_unchanged$0 = AccStatusChange; acst_frozen$10 = AccStatusChange; acst_deleted$11 = AccStatusChange; */
function statusChange(c: AccountStatusChange): StatusChange {
  // @ton/core names the three constructors as the v3 rows do.
  return c;
}

/* cskip_no_state$00 cskip_bad_state$01 cskip_no_gas$10 cskip_suspended$110 = ComputeSkipReason; */
function skippedReason(r: ComputeSkipReason): SkippedReason {
  switch (r) {
    case 'no-state':
      return 'no_state';
    case 'bad-state':
      return 'bad_state';
    case 'no-gas':
      return 'no_gas';
  }
}

/** Every description column absent (null); declared last, as it calls the helpers above. */
const EMPTY_DESCR: DescrColumns = {
  descr: 'ord',
  aborted: null,
  destroyed: null,
  creditFirst: null,
  isTock: null,
  installed: null,
  ...storageColumns(null),
  ...creditColumns(null),
  ...computeColumns(null),
  ...actionColumns(null),
  ...bounceColumns(null),
  splitInfoCurShardPfxLen: null,
  splitInfoAccSplitDepth: null,
  splitInfoThisAddr: null,
  splitInfoSiblingAddr: null,
};
