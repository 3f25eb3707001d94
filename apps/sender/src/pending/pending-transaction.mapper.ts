import { accountStateOfHash, type V3Message, type V3Transaction } from '@app/contracts';
import { type ParsedMessage, type ParsedTransaction } from '@app/ton';
import { parsedMessageColumns, snakeCased, toV3Description, toV3Message } from '@app/v3-render';
import { type Cell, loadShardAccount } from '@ton/core';

/**
 * An emulated message as the v3 Message
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models), rendered as the
 * query service renders the row the ingestor would store for it.
 */
function toV3PendingMessage(m: ParsedMessage): V3Message {
  return toV3Message(parsedMessageColumns(m));
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
    return { ...accountStateOfHash(hash), account_status: 'nonexist' };
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

/** Where an emulated transaction sits: the head it ran on, no block of its own yet. */
export interface PendingPlacement {
  readonly traceId: string;
  readonly externalHash: string;
  readonly mcSeqno: number;
  readonly before: Cell;
  readonly after: Cell;
}

/**
 * An emulated transaction as the v3 Transaction of pendingTransactions/pendingTraces
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml):
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
    // The query service's rules over the columns the ingestor would store
    // (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
    description: toV3Description(snakeCased(t)),
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
