import { accountStateOfHash, type V3Message, type V3Transaction } from '@app/contracts';
import { v3Message } from '@app/testing';
import { type PendingAction, type PendingTrace } from './pending-trace';

/**
 * Small pending traces for the sender's stream specs (test data: nothing in the service reads this
 * file): emulated transactions in the v3 wire shape with only what the specs vary.
 */

export const hash = (n: number): string => Buffer.alloc(32, n).toString('base64');
export const account = (n: number): string =>
  `0:${n.toString(16).padStart(2, '0').repeat(32)}`.toUpperCase();

function message(msgHash: string, source: string | null, destination: string | null): V3Message {
  return v3Message({ hash: msgHash, source, destination });
}

/** An emulated transaction of `account(n)` consuming `inHash` from `from`, sending to `to[]`. */
export function emulatedTx(
  n: number,
  inHash: string,
  from: string | null,
  to: readonly string[],
  computeSuccess = true,
): V3Transaction {
  const state = accountStateOfHash(hash(90 + n));
  return {
    account: account(n),
    hash: hash(n),
    lt: String(100 + n),
    now: 1_795_000_000,
    mc_block_seqno: 5,
    trace_id: hash(1),
    prev_trans_hash: hash(80),
    prev_trans_lt: '0',
    orig_status: 'active',
    end_status: 'active',
    total_fees: '10',
    total_fees_extra_currencies: {},
    description: {
      type: 'ord',
      aborted: !computeSuccess,
      compute_ph: { skipped: false, success: computeSuccess },
    },
    block_ref: { workchain: 0, shard: '8000000000000000', seqno: 0 },
    in_msg: message(inHash, from, account(n)),
    out_msgs: to.map((dest, i) => message(hash(60 + i), account(n), dest)),
    account_state_before: state,
    account_state_after: state,
    emulated: true,
    finality: 'pending',
    trace_external_hash: hash(40),
  };
}

/** A wallet transfer: `account(1)` takes the external and pays `account(2)`; one ton_transfer. */
export function pendingTransfer(rootSucceeds = true): PendingTrace {
  const root = emulatedTx(1, hash(40), null, rootSucceeds ? [account(2)] : [], rootSucceeds);
  const child = emulatedTx(2, hash(60), account(1), []);
  const transactions = rootSucceeds ? [root, child] : [root];
  const action: PendingAction = {
    action: {
      trace_id: hash(1),
      action_id: hash(70),
      start_lt: '101',
      end_lt: '102',
      start_utime: 1_795_000_000,
      end_utime: 1_795_000_000,
      trace_end_lt: '102',
      trace_end_utime: 1_795_000_000,
      trace_mc_seqno_end: 5,
      transactions: transactions.map((t) => t.hash),
      success: true,
      type: 'ton_transfer',
      details: { source: account(1), destination: account(2), value: '1000', comment: null },
      trace_external_hash: hash(40),
      finality: 'pending',
    },
    type: 'ton_transfer',
    ancestorType: ['call_contract'],
    accounts: [account(1), account(2)],
  };
  return {
    hash: hash(40),
    hashNorm: hash(45),
    accounts: transactions.map((t) => t.account),
    emulatedAt: 1_000,
    trace: {
      trace_id: hash(1),
      external_hash: hash(40),
      mc_seqno_start: '5',
      mc_seqno_end: '5',
      start_lt: '101',
      start_utime: 1_795_000_000,
      end_lt: '102',
      end_utime: 1_795_000_000,
      trace_info: {
        trace_state: 'pending',
        messages: 2,
        transactions: transactions.length,
        pending_messages: 0,
        classification_state: 'ok',
      },
      is_incomplete: false,
      trace: {
        tx_hash: hash(1),
        in_msg_hash: hash(40),
        children: rootSucceeds ? [{ tx_hash: hash(2), in_msg_hash: hash(60), children: [] }] : [],
      },
      transactions_order: transactions.map((t) => t.hash),
      transactions: Object.fromEntries(transactions.map((t) => [t.hash, t])),
    },
    actions: [action],
  };
}
