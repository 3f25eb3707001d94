import { createHash } from 'node:crypto';
import {
  accountStateOfHash,
  type StreamAccountStateChange,
  type StreamAction,
  type StreamJettonsChange,
  type StreamTraceInvalidated,
  type StreamTraceUpdate,
  type V3Finality,
  type V3Message,
  type V3Transaction,
} from '@app/contracts';
import { v3Message } from '@app/testing';

/**
 * Synthetic Streaming payloads for tests (they pass the contract schemas of
 * libs/contracts stream-events): hashes and addresses derived from labels, so expectations read.
 */

/** A 32-byte standard base64 hash named by `label`. */
export function hashOf(label: string): string {
  return createHash('sha256').update(label).digest('base64');
}

/** A basechain raw address `0:<64 uppercase hex>` named by `label`. */
export function addressOf(label: string): string {
  return `0:${createHash('sha256').update(`address:${label}`).digest('hex').toUpperCase()}`;
}

/** The accounts the streaming specs' payloads involve. */
export const ALICE = addressOf('alice');
export const BOB = addressOf('bob');
export const CAROL = addressOf('carol');
/** The normalized external hash of the specs' trace. */
export const NORM = hashOf('norm');

function message(fields: {
  source: string | null;
  destination: string | null;
  opcode: string | null;
  label: string;
}): V3Message {
  return v3Message({
    hash: hashOf(`msg:${fields.label}`),
    source: fields.source,
    destination: fields.destination,
    opcode: fields.opcode,
    value_extra_currencies: {},
  });
}

export interface TransactionSpec {
  readonly label: string;
  readonly account: string;
  readonly lt: string;
  readonly finality: V3Finality;
  readonly inSource?: string | null;
  readonly inOpcode?: string | null;
  /** Destinations of the out messages. */
  readonly outTo?: readonly string[];
  readonly traceExternalHash?: string;
}

export function transaction(spec: TransactionSpec): V3Transaction {
  const state = accountStateOfHash(hashOf(`state:${spec.label}`));
  return {
    account: spec.account,
    hash: hashOf(`tx:${spec.label}`),
    lt: spec.lt,
    now: 1_767_225_600,
    mc_block_seqno: 0,
    prev_trans_hash: hashOf(`prev:${spec.label}`),
    prev_trans_lt: '0',
    orig_status: 'active',
    end_status: 'active',
    total_fees: '100',
    total_fees_extra_currencies: {},
    description: { type: 'ord', aborted: false },
    block_ref: { workchain: 0, shard: '8000000000000000', seqno: 1 },
    in_msg: message({
      source: spec.inSource ?? null,
      destination: spec.account,
      opcode: spec.inOpcode ?? null,
      label: `in:${spec.label}`,
    }),
    out_msgs: (spec.outTo ?? []).map((to, i) =>
      message({
        source: spec.account,
        destination: to,
        opcode: null,
        label: `out:${spec.label}:${String(i)}`,
      }),
    ),
    account_state_before: state,
    account_state_after: state,
    emulated: spec.finality === 'pending',
    finality: spec.finality,
    ...(spec.traceExternalHash === undefined
      ? {}
      : { trace_external_hash: spec.traceExternalHash }),
  };
}

export interface ActionSpec {
  readonly label: string;
  readonly type: string;
  readonly accounts: readonly string[];
  readonly startLt: string;
  readonly endLt: string;
  readonly finality: V3Finality;
  readonly details?: Record<string, unknown>;
  readonly ancestors?: readonly string[];
}

export function action(spec: ActionSpec): StreamAction {
  return {
    action: {
      trace_id: hashOf(`trace:${spec.label}`),
      action_id: hashOf(`action:${spec.label}`),
      start_lt: spec.startLt,
      end_lt: spec.endLt,
      start_utime: 1_767_225_600,
      end_utime: 1_767_225_600,
      trace_end_lt: spec.endLt,
      trace_end_utime: 1_767_225_600,
      trace_mc_seqno_end: 0,
      transactions: [],
      success: true,
      type: spec.type,
      details: (spec.details ?? {}) as StreamAction['action']['details'],
      accounts: [...spec.accounts],
      finality: spec.finality,
    },
    ancestor_types: [...(spec.ancestors ?? [])],
  };
}

export function traceUpdate(spec: {
  readonly norm: string;
  readonly finality: V3Finality;
  readonly transactions: readonly V3Transaction[];
  readonly actions?: readonly StreamAction[];
  readonly addressBook?: StreamTraceUpdate['address_book'];
  readonly metadata?: StreamTraceUpdate['metadata'];
  readonly emittedAt?: number;
}): StreamTraceUpdate {
  const [root] = spec.transactions;
  return {
    trace_external_hash_norm: spec.norm,
    finality: spec.finality,
    trace: { tx_hash: root?.hash ?? hashOf('no-root'), children: [] },
    transactions: Object.fromEntries(spec.transactions.map((tx) => [tx.hash, tx])),
    actions: [...(spec.actions ?? [])],
    address_book: spec.addressBook ?? {},
    metadata: spec.metadata ?? {},
    ...(spec.finality === 'pending' ? {} : { mc_seqno: 10 }),
    emitted_at: spec.emittedAt ?? Date.now(),
  };
}

export function accountStateChange(spec: {
  readonly account: string;
  readonly finality: 'confirmed' | 'finalized';
  readonly balance: string;
}): StreamAccountStateChange {
  return {
    account: spec.account,
    finality: spec.finality,
    state: {
      hash: hashOf(`state:${spec.account}:${spec.balance}`),
      balance: spec.balance,
      extra_currencies: null,
      account_status: 'active',
      frozen_hash: null,
      data_hash: hashOf('data'),
      code_hash: hashOf('code'),
    },
    last_transaction_lt: '100',
    mc_seqno: 10,
    emitted_at: Date.now(),
  };
}

export function jettonsChange(spec: {
  readonly wallet: string;
  readonly owner: string;
  readonly master: string;
  readonly finality: 'confirmed' | 'finalized';
  readonly balance: string;
}): StreamJettonsChange {
  return {
    finality: spec.finality,
    jetton: {
      address: spec.wallet,
      balance: spec.balance,
      owner: spec.owner,
      jetton: spec.master,
      last_transaction_lt: '100',
      code_hash: null,
      data_hash: null,
    },
    address_book: {
      [spec.wallet]: { user_friendly: 'wallet', domain: null, interfaces: ['jetton_wallet'] },
    },
    metadata: {},
    mc_seqno: 10,
    emitted_at: Date.now(),
  };
}

export function traceInvalidated(norm: string): StreamTraceInvalidated {
  return { trace_external_hash_norm: norm, reason: 'expired', emitted_at: Date.now() };
}
