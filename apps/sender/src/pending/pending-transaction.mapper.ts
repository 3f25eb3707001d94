import { type V3Message, type V3Transaction, type V3TransactionDescr } from '@app/contracts';
import {
  decodedInitState,
  decodedMessageBody,
  decodedOpcodeName,
  type ParsedMessage,
  type ParsedTransaction,
} from '@app/ton';
import { type Cell, loadShardAccount } from '@ton/core';

type Defined<T> = { [K in keyof T]: Exclude<T[K], null | undefined> };

/** The object without its null/undefined fields (ton-index-go's omitempty on pointers). */
function compact<T extends Record<string, unknown>>(o: T): Partial<Defined<T>> {
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== null && v !== undefined),
  ) as Partial<Defined<T>>;
}

const dec = (v: bigint | null): string | null => (v === null ? null : v.toString());

function opcodeHex(opcode: number | null): string | null {
  return opcode === null ? null : `0x${(opcode >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * A flattened message as the v3 Message (§11.3), like the query service renders stored rows (the same
 * decoded fields, from the TL-B registry of libs/ton).
 */
export function toV3PendingMessage(m: ParsedMessage): V3Message {
  const out: V3Message = {
    hash: m.hash,
    source: m.source,
    destination: m.destination,
    value: dec(m.value),
    value_extra_currencies: m.valueExtraCurrencies,
    fwd_fee: dec(m.fwdFee),
    ihr_fee: dec(m.ihrFee),
    extra_flags: dec(m.extraFlags),
    created_lt: dec(m.createdLt),
    created_at: m.createdAt === null ? null : String(m.createdAt),
    opcode: opcodeHex(m.opcode),
    decoded_opcode: decodedOpcodeName(m.opcode),
    ihr_disabled: m.ihrDisabled,
    bounce: m.bounce,
    bounced: m.bounced,
    import_fee: dec(m.importFee),
    message_content: {
      hash: m.bodyHash,
      body: m.bodyBoc,
      decoded: decodedMessageBody(m.bodyBoc, m.opcode),
    },
    init_state:
      m.initStateHash === null
        ? null
        : {
            hash: m.initStateHash,
            body: m.initStateBoc,
            decoded: decodedInitState(m.initStateBoc),
          },
  };
  if (m.hashNorm !== null && m.hashNorm !== m.hash) {
    out.hash_norm = m.hashNorm;
  }
  return out;
}

const STATUS = {
  uninit: 'uninit',
  active: 'active',
  frozen: 'frozen',
} as const;

/** account_state_before/after from the emulator's ShardAccount (the Account cell is the state). */
export function accountStateOf(shardAccount: Cell): V3Transaction['account_state_after'] {
  const accountCell = shardAccount.refs[0];
  const account = loadShardAccount(shardAccount.beginParse()).account;
  const hash = (accountCell ?? shardAccount).hash().toString('base64');
  if (account === null || account === undefined) {
    return {
      hash,
      balance: null,
      extra_currencies: null,
      account_status: 'nonexist',
      frozen_hash: null,
      data_hash: null,
      code_hash: null,
    };
  }
  const state = account.storage.state;
  const extra: Record<string, string> = {};
  const other = account.storage.balance.other;
  for (const id of other?.keys() ?? []) {
    extra[String(id)] = String(other?.get(id) ?? 0n);
  }
  return {
    hash,
    balance: account.storage.balance.coins.toString(),
    extra_currencies: extra,
    account_status:
      state.type === 'uninit'
        ? STATUS.uninit
        : state.type === 'active'
          ? STATUS.active
          : STATUS.frozen,
    frozen_hash:
      state.type === 'frozen'
        ? Buffer.from(state.stateHash.toString(16).padStart(64, '0'), 'hex').toString('base64')
        : null,
    data_hash:
      state.type === 'active' ? (state.state.data?.hash().toString('base64') ?? null) : null,
    code_hash:
      state.type === 'active' ? (state.state.code?.hash().toString('base64') ?? null) : null,
  };
}

/** The description columns as the v3 `description` (§11.2), the query service's rules. */
export function toV3PendingDescription(t: ParsedTransaction): V3TransactionDescr {
  const d: V3TransactionDescr = {
    type: t.descr,
    ...compact({
      aborted: t.aborted,
      destroyed: t.destroyed,
      credit_first: t.creditFirst,
      is_tock: t.isTock,
      installed: t.installed,
    }),
  };
  if (t.storageStatusChange !== null) {
    d.storage_ph = compact({
      storage_fees_collected: dec(t.storageFeesCollected),
      storage_fees_due: dec(t.storageFeesDue),
      status_change: t.storageStatusChange,
    });
  }
  if (t.creditDueFeesCollected !== null || t.credit !== null || t.creditExtraCurrencies !== null) {
    d.credit_ph = compact({
      due_fees_collected: dec(t.creditDueFeesCollected),
      credit: dec(t.credit),
      credit_extra_currencies: t.creditExtraCurrencies,
    });
  }
  if (t.computeSkipped !== null) {
    d.compute_ph = compact({
      skipped: t.computeSkipped,
      reason: t.skippedReason,
      success: t.computeSuccess,
      msg_state_used: t.computeMsgStateUsed,
      account_activated: t.computeAccountActivated,
      gas_fees: dec(t.computeGasFees),
      gas_used: dec(t.computeGasUsed),
      gas_limit: dec(t.computeGasLimit),
      gas_credit: dec(t.computeGasCredit),
      mode: t.computeMode,
      exit_code: t.computeExitCode,
      exit_arg: t.computeExitArg,
      vm_steps: t.computeVmSteps,
      vm_init_state_hash: t.computeVmInitStateHash,
      vm_final_state_hash: t.computeVmFinalStateHash,
    });
  }
  if (t.actionSuccess !== null) {
    d.action = compact({
      success: t.actionSuccess,
      valid: t.actionValid,
      no_funds: t.actionNoFunds,
      status_change: t.actionStatusChange,
      total_fwd_fees: dec(t.actionTotalFwdFees),
      total_action_fees: dec(t.actionTotalActionFees),
      result_code: t.actionResultCode,
      result_arg: t.actionResultArg,
      tot_actions: t.actionTotActions,
      spec_actions: t.actionSpecActions,
      skipped_actions: t.actionSkippedActions,
      msgs_created: t.actionMsgsCreated,
      action_list_hash: t.actionActionListHash,
      tot_msg_size:
        t.actionTotMsgSizeCells === null || t.actionTotMsgSizeBits === null
          ? null
          : { cells: String(t.actionTotMsgSizeCells), bits: String(t.actionTotMsgSizeBits) },
    });
  }
  if (t.bounce !== null) {
    d.bounce = {
      type: t.bounce,
      ...compact({
        msg_size:
          t.bounceMsgSizeCells === null || t.bounceMsgSizeBits === null
            ? null
            : { cells: String(t.bounceMsgSizeCells), bits: String(t.bounceMsgSizeBits) },
        req_fwd_fees: dec(t.bounceReqFwdFees),
        msg_fees: dec(t.bounceMsgFees),
        fwd_fees: dec(t.bounceFwdFees),
      }),
    };
  }
  if (t.splitInfoCurShardPfxLen !== null) {
    d.split_info = compact({
      cur_shard_pfx_len: t.splitInfoCurShardPfxLen,
      acc_split_depth: t.splitInfoAccSplitDepth,
      this_addr: t.splitInfoThisAddr,
      sibling_addr: t.splitInfoSiblingAddr,
    });
  }
  return d;
}

/** Where an emulated transaction sits: the head it ran on, no block of its own yet. */
export interface PendingPlacement {
  readonly traceId: string;
  readonly externalHash: string;
  readonly mcSeqno: number;
  readonly before: Cell;
  readonly after: Cell;
}

/**
 * An emulated transaction as the v3 Transaction of pendingTransactions/pendingTraces (§14.6):
 * `emulated: true`, finality `pending`, `trace_external_hash` set. It is in no block yet: block_ref
 * names the account's workchain with the unsplit shard and seqno 0, mc_block_seqno the head the
 * emulation ran on.
 */
export function toV3PendingTransaction(t: ParsedTransaction, p: PendingPlacement): V3Transaction {
  const workchain = Number(t.account.split(':')[0]);
  return {
    account: t.account,
    hash: t.hash,
    lt: t.lt.toString(),
    now: t.now,
    mc_block_seqno: p.mcSeqno,
    trace_id: p.traceId,
    prev_trans_hash: t.prevTransHash,
    prev_trans_lt: t.prevTransLt.toString(),
    orig_status: t.origStatus,
    end_status: t.endStatus,
    total_fees: t.totalFees.toString(),
    total_fees_extra_currencies: { ...t.totalFeesExtraCurrencies },
    description: toV3PendingDescription(t),
    block_ref: { workchain, shard: '8000000000000000', seqno: 0 },
    in_msg: t.inMessage === null ? null : toV3PendingMessage(t.inMessage),
    out_msgs: [...t.outMessages]
      .sort((a, b) => Number((a.createdLt ?? 0n) - (b.createdLt ?? 0n)))
      .map(toV3PendingMessage),
    account_state_before: accountStateOf(p.before),
    account_state_after: accountStateOf(p.after),
    emulated: true,
    finality: 'pending',
    trace_external_hash: p.externalHash,
  };
}
