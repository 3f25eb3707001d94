import { type V3Transaction } from '@app/contracts';
import { type AccountStateRow, type TransactionBundle } from '@app/database';
import { toV3Description, toV3Message } from '@app/v3-render';
import { shardHex } from '../wire/wire-format';

/** account_state_before/after: always an object, fields null when the state row is missing. */
function accountState(
  hash: string,
  s: AccountStateRow | null,
): V3Transaction['account_state_after'] {
  return {
    hash,
    balance: s?.balance ?? null,
    extra_currencies: s?.balance_extra_currencies ?? null,
    account_status: s?.account_status ?? null,
    frozen_hash: s?.frozen_hash ?? null,
    data_hash: s?.data_hash ?? null,
    code_hash: s?.code_hash ?? null,
  };
}

/** A stored transaction with its messages and states as the v3 Transaction (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export function toV3Transaction(b: TransactionBundle): V3Transaction {
  const t = b.tx;
  return {
    account: t.account,
    hash: t.hash,
    lt: t.lt,
    now: t.now,
    mc_block_seqno: t.mc_block_seqno,
    ...(t.trace_id === null ? {} : { trace_id: t.trace_id }),
    prev_trans_hash: t.prev_trans_hash,
    prev_trans_lt: t.prev_trans_lt,
    orig_status: t.orig_status,
    end_status: t.end_status,
    total_fees: t.total_fees,
    total_fees_extra_currencies: t.total_fees_extra_currencies,
    description: toV3Description(t),
    block_ref: {
      workchain: t.block_workchain,
      shard: shardHex(t.block_shard),
      seqno: t.block_seqno,
    },
    in_msg: b.inMsg === null ? null : toV3Message(b.inMsg),
    out_msgs: b.outMsgs.map(toV3Message),
    account_state_before: accountState(t.account_state_hash_before, b.stateBefore),
    account_state_after: accountState(t.account_state_hash_after, b.stateAfter),
    emulated: false,
    finality: finalityOf(t.trace_id),
  };
}

/**
 * A stored transaction is final once the decoder has assembled its trace: until then its trace_id is
 * missing and will change, so it is served as `confirmed` (in a committed block, not yet final), never
 * as `finalized` (docs/toncenter-differences.md).
 */
export function finalityOf(traceId: string | null): V3Transaction['finality'] {
  return traceId === null ? 'confirmed' : 'finalized';
}

/** Addresses of a transaction for the address book: account, in_msg source, out_msg destinations. */
export function transactionAddresses(tx: V3Transaction): string[] {
  const out = [tx.account];
  const source = tx.in_msg?.source ?? null;
  if (source !== null) {
    out.push(source);
  }
  for (const m of tx.out_msgs) {
    if (m.destination !== null) {
      out.push(m.destination);
    }
  }
  return out;
}
