import { z } from 'zod';

import { Subjects } from '../subjects';
import { V3BlockId } from './query-blocks';
import { EnrichmentSettings, OpcodeFilter, Paging, SortOrder, TimeRange } from './query-request';
import {
  AddressBook,
  B64Hash,
  BocB64,
  DecStr,
  ExtraCurrencies,
  Int,
  Metadata,
  NumericStr,
  OpcodeHex,
  UDecStr,
  V3Address,
} from './query-wire';

/**
 * Query service requests of the v3 transaction and message endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) and the
 * Transaction and Message shapes
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
 */

/** `{hash, body, decoded}` of message_content and init_state. */
export const V3MessageContent = z
  .object({ hash: B64Hash, body: BocB64.nullable(), decoded: z.unknown().nullable() })
  .strict();

/** Message (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models); in_msg_tx_hash / out_msg_tx_hash only on /messages, hash_norm when it differs. */
export const V3Message = z
  .object({
    hash: B64Hash,
    source: V3Address.nullable(),
    destination: V3Address.nullable(),
    value: DecStr.nullable(),
    value_extra_currencies: ExtraCurrencies.nullable(),
    fwd_fee: DecStr.nullable(),
    ihr_fee: DecStr.nullable(),
    extra_flags: NumericStr.nullable(),
    created_lt: DecStr.nullable(),
    created_at: DecStr.nullable(),
    opcode: OpcodeHex.nullable(),
    decoded_opcode: z.string().nullable(),
    ihr_disabled: z.boolean().nullable(),
    bounce: z.boolean().nullable(),
    bounced: z.boolean().nullable(),
    import_fee: DecStr.nullable(),
    in_msg_tx_hash: B64Hash.optional(),
    out_msg_tx_hash: B64Hash.optional(),
    message_content: V3MessageContent.nullable(),
    init_state: V3MessageContent.nullable(),
    hash_norm: B64Hash.optional(),
  })
  .strict();
export type V3Message = z.infer<typeof V3Message>;

/** account_state_before / account_state_after: fields null when the state row is missing. */
export const V3AccountState = z
  .object({
    hash: B64Hash,
    balance: DecStr.nullable(),
    extra_currencies: ExtraCurrencies.nullable(),
    account_status: z.string().nullable(),
    frozen_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    code_hash: B64Hash.nullable(),
  })
  .strict();
export type V3AccountState = z.infer<typeof V3AccountState>;

/** An account state known by its hash alone (no state row, or an account that does not exist). */
export function accountStateOfHash(hash: string): V3AccountState {
  return {
    hash,
    balance: null,
    extra_currencies: null,
    account_status: null,
    frozen_hash: null,
    data_hash: null,
    code_hash: null,
  };
}

const MsgSize = z.object({ cells: DecStr, bits: DecStr }).strict();

/** `description` (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): every leaf is omitted when null, as ton-index-go's omitempty does. */
export const V3TransactionDescr = z
  .object({
    type: z.string(),
    aborted: z.boolean().optional(),
    destroyed: z.boolean().optional(),
    credit_first: z.boolean().optional(),
    is_tock: z.boolean().optional(),
    installed: z.boolean().optional(),
    storage_ph: z
      .object({
        storage_fees_collected: DecStr.optional(),
        storage_fees_due: DecStr.optional(),
        status_change: z.string().optional(),
      })
      .strict()
      .optional(),
    credit_ph: z
      .object({
        due_fees_collected: DecStr.optional(),
        credit: DecStr.optional(),
        credit_extra_currencies: ExtraCurrencies.optional(),
      })
      .strict()
      .optional(),
    compute_ph: z
      .object({
        skipped: z.boolean().optional(),
        reason: z.string().optional(),
        success: z.boolean().optional(),
        msg_state_used: z.boolean().optional(),
        account_activated: z.boolean().optional(),
        gas_fees: DecStr.optional(),
        gas_used: DecStr.optional(),
        gas_limit: DecStr.optional(),
        gas_credit: DecStr.optional(),
        mode: z.number().int().optional(),
        exit_code: z.number().int().optional(),
        exit_arg: z.number().int().optional(),
        vm_steps: z.number().int().optional(),
        vm_init_state_hash: B64Hash.optional(),
        vm_final_state_hash: B64Hash.optional(),
      })
      .strict()
      .optional(),
    action: z
      .object({
        success: z.boolean().optional(),
        valid: z.boolean().optional(),
        no_funds: z.boolean().optional(),
        status_change: z.string().optional(),
        total_fwd_fees: DecStr.optional(),
        total_action_fees: DecStr.optional(),
        result_code: z.number().int().optional(),
        result_arg: z.number().int().optional(),
        tot_actions: z.number().int().optional(),
        spec_actions: z.number().int().optional(),
        skipped_actions: z.number().int().optional(),
        msgs_created: z.number().int().optional(),
        action_list_hash: B64Hash.optional(),
        tot_msg_size: MsgSize.optional(),
      })
      .strict()
      .optional(),
    bounce: z
      .object({
        type: z.string(),
        msg_size: MsgSize.optional(),
        req_fwd_fees: DecStr.optional(),
        msg_fees: DecStr.optional(),
        fwd_fees: DecStr.optional(),
      })
      .strict()
      .optional(),
    split_info: z
      .object({
        cur_shard_pfx_len: z.number().int().optional(),
        acc_split_depth: z.number().int().optional(),
        this_addr: z.string().optional(),
        sibling_addr: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type V3TransactionDescr = z.infer<typeof V3TransactionDescr>;

/** Transaction (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
/**
 * `finality`: `finalized` for indexed rows; emulated (pending) data is `pending`, or
 * `confirmed` once a block holding it is known but not yet committed
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export const V3Finality = z.enum(['pending', 'confirmed', 'finalized']);
export type V3Finality = z.infer<typeof V3Finality>;

export const V3Transaction = z
  .object({
    account: V3Address,
    hash: B64Hash,
    lt: DecStr,
    now: Int,
    mc_block_seqno: Int,
    trace_id: B64Hash.optional(),
    prev_trans_hash: B64Hash,
    prev_trans_lt: DecStr,
    orig_status: z.string(),
    end_status: z.string(),
    total_fees: DecStr,
    total_fees_extra_currencies: ExtraCurrencies,
    description: V3TransactionDescr,
    block_ref: V3BlockId,
    in_msg: V3Message.nullable(),
    out_msgs: z.array(V3Message),
    account_state_before: V3AccountState,
    account_state_after: V3AccountState,
    emulated: z.boolean(),
    finality: V3Finality,
    /** Pending (emulated) transactions only: the external message that started their trace. */
    trace_external_hash: B64Hash.optional(),
  })
  .strict();
export type V3Transaction = z.infer<typeof V3Transaction>;

export const V3TransactionsRes = z
  .object({ transactions: z.array(V3Transaction), address_book: AddressBook })
  .strict();
export type V3TransactionsRes = z.infer<typeof V3TransactionsRes>;

const Direction = z.enum(['in', 'out']);

/**
 * transactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml)
 * and transactionsByMasterchainBlock (= `mc_seqno` with the same order).
 * `exclude_account` is not taken: toncenter parses it and ignores it.
 */
export const TransactionsReq = z
  .object({
    workchain: Int.optional(),
    shard: DecStr.optional(),
    seqno: Int.optional(),
    mc_seqno: Int.optional(),
    account: z.array(V3Address).optional(),
    hash: z.array(B64Hash).optional(),
    lt: UDecStr.optional(),
    ...TimeRange,
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type TransactionsReq = z.infer<typeof TransactionsReq>;

/**
 * transactionsByMessage
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): at least one
 * of msg_hash, body_hash, opcode. toncenter parses the whole message request here: source and
 * destination (null is IS NULL) filter the message, and exclude_externals / only_externals leave
 * out or keep only external-in messages.
 */
export const TransactionsByMessageReq = z
  .object({
    msg_hash: z.array(B64Hash).optional(),
    source: V3Address.nullable().optional(),
    destination: V3Address.nullable().optional(),
    exclude_externals: z.boolean().optional(),
    only_externals: z.boolean().optional(),
    body_hash: B64Hash.optional(),
    /** The signed int32 the table stores. */
    opcode: OpcodeFilter.optional(),
    direction: Direction.optional(),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type TransactionsByMessageReq = z.infer<typeof TransactionsByMessageReq>;

/** adjacentTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the parent (`in`) or the children (`out`) of a transaction. */
export const AdjacentTransactionsReq = z
  .object({ hash: B64Hash, direction: Direction.optional(), ...EnrichmentSettings })
  .strict();
export type AdjacentTransactionsReq = z.infer<typeof AdjacentTransactionsReq>;

/** messages (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): `source`/`destination` null means IS NULL (the literal `null` on the wire). */
export const MessagesReq = z
  .object({
    msg_hash: z.array(B64Hash).optional(),
    body_hash: B64Hash.optional(),
    source: V3Address.nullable().optional(),
    destination: V3Address.nullable().optional(),
    opcode: OpcodeFilter.optional(),
    ...TimeRange,
    direction: Direction.optional(),
    exclude_externals: z.boolean().optional(),
    only_externals: z.boolean().optional(),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type MessagesReq = z.infer<typeof MessagesReq>;

export const V3MessagesRes = z
  .object({ messages: z.array(V3Message), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3MessagesRes = z.infer<typeof V3MessagesRes>;

export const queryTransactionsContracts = {
  [Subjects.query.transactions]: { req: TransactionsReq, res: V3TransactionsRes },
  [Subjects.query.transactionsByMessage]: { req: TransactionsByMessageReq, res: V3TransactionsRes },
  [Subjects.query.adjacentTransactions]: { req: AdjacentTransactionsReq, res: V3TransactionsRes },
  [Subjects.query.messages]: { req: MessagesReq, res: V3MessagesRes },
} as const;
