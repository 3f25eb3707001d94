import {
  type AccountInterfaces,
  type ActionRow,
  type ClassifiableTrace,
  classifyAccounts,
  classifyTrace,
  defaultRegistry,
  type InterfaceProbes,
  dedustPoolInfo,
  nftItemInfo,
  renderApiAction,
  traceTransactionOf,
  withExtras,
  withTonaddrColumns,
} from '@app/classify';
import { V3Action } from '@app/contracts';
import {
  emulatorBehind,
  flattenTransaction,
  messageContextOf,
  type ParsedTransaction,
} from '@app/ton';
import { assembleTraceTree } from '@app/v3-render';
import { loadShardAccount } from '@ton/core';
import { type EmulationHead } from './emulation-chain';
import { type PendingAction, type PendingTrace } from './pending-trace';
import { accountStateOf, toV3PendingTransaction } from './pending-transaction.mapper';
import { type TraceEmulation } from './trace-emulator';

export interface PendingTraceInput {
  readonly hash: string;
  readonly hashNorm: string;
  readonly head: EmulationHead;
  readonly emulation: TraceEmulation;
  /** Interface probes over the emulated states (EmulatedGetMethods). */
  readonly probes: InterfaceProbes;
  readonly emulatedAt: number;
}

/** What interface detection finds on the emulated states (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces), for the classifier. */
async function detectInterfaces(
  accounts: readonly string[],
  probes: InterfaceProbes,
  mcSeqno: number,
  states: TraceEmulation['states'],
): Promise<Map<string, AccountInterfaces>> {
  const found = new Map<string, AccountInterfaces>();
  for (const address of accounts) {
    const entry: AccountInterfaces = {};
    const wallet = await probes.jettonWallet(address, mcSeqno);
    if (wallet !== null) {
      entry.jetton_wallet = { address, ...wallet };
    }
    const state = states.get(address);
    const item = wallet === null ? await probes.nftItem(address, mcSeqno) : null;
    if (item !== null) {
      entry.nft_item = nftItemInfo(
        address,
        item,
        state === undefined ? null : accountStateOf(state).code_hash,
      );
    }
    const order =
      wallet === null && item === null
        ? await probes.contracts.multisigOrder(address, mcSeqno)
        : null;
    if (order !== null) {
      entry.multisig_order = {
        address,
        multisig_address: order.multisig,
        order_seqno: order.orderSeqno,
        threshold: Number(order.threshold ?? 0n),
        sent_for_execution: order.sentForExecution ?? false,
        approvals_mask: order.approvalsMask ?? 0n,
        approvals_num: Number(order.approvalsNum ?? 0n),
        expiration_date: Number(order.expirationDate ?? 0n),
        order_boc: order.orderBoc ?? '',
        signers: order.signers ?? [],
      };
    }
    // A DeDust pool is known by its code hash first (the probe runs nothing for another code); a
    // swap reads which assets its pools trade.
    const codeHash = state === undefined ? null : accountStateOf(state).code_hash;
    const pool = codeHash === null ? null : await probes.dedustPool(address, codeHash, mcSeqno);
    if (pool !== null) {
      entry.dedust_pool = dedustPoolInfo(address, pool.asset1, pool.asset2);
    }
    if (Object.keys(entry).length > 0) {
      found.set(address, entry);
    }
  }
  return found;
}

/**
 * The data cells (base64 BoC) of the emulated states of `accounts`: what the JVault matchers read
 * (toncenter's `get_extra_data(address, "data_boc")`); an account the emulation never loaded has none.
 */
function emulatedDataBocs(
  states: TraceEmulation['states'],
  accounts: readonly string[],
): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const account of accounts) {
    const shardAccount = states.get(account);
    if (shardAccount === undefined) {
      continue;
    }
    const state = loadShardAccount(shardAccount.beginParse()).account?.storage.state;
    const data = state?.type === 'active' ? state.state.data : null;
    out.set(account, data ? data.toBoc().toString('base64') : null);
  }
  return out;
}

function compareLtAccount(a: ParsedTransaction, b: ParsedTransaction): number {
  if (a.lt !== b.lt) {
    return a.lt < b.lt ? -1 : 1;
  }
  return a.account < b.account ? -1 : a.account > b.account ? 1 : 0;
}

/**
 * An emulated trace as toncenter's emulated traces
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): transactions
 * flattened from the emulator's cells exactly as the ingestor flattens a block's, classified by the
 * decoder's classifier on the interfaces detected on the emulated states, rendered in the v3 wire shape with
 * `trace_state: "pending"`, `emulated: true` and finality `pending`.
 */
export async function buildPendingTrace(input: PendingTraceInput): Promise<PendingTrace> {
  const { head, emulation } = input;
  const ctx = messageContextOf(head.globalVersion);
  const parsed = emulation.transactions.map((t) => ({
    emulated: t,
    tx: flattenTransaction(t.cell, t.workchain, ctx),
  }));
  const rootTx = parsed[0]?.tx;
  if (rootTx === undefined) {
    throw new Error('an emulation without transactions');
  }
  const traceId = rootTx.hash;
  const ordered = [...parsed].sort((a, b) => compareLtAccount(a.tx, b.tx));
  const accounts = [...new Set(ordered.map((p) => p.tx.account))];
  const logs = ordered.reduce(
    (n, p) => n + p.tx.outMessages.filter((m) => m.destination === null).length,
    0,
  );
  const endLt = ordered.reduce((lt, p) => (p.tx.lt > lt ? p.tx.lt : lt), rootTx.lt);
  const endUtime = ordered.reduce((u, p) => Math.max(u, p.tx.now), rootTx.now);

  const traceTransactions = ordered.map((p) =>
    traceTransactionOf(p.tx, { traceId, mcSeqno: head.seqno, emulated: true }),
  );
  const wanted = await classifyAccounts([], traceTransactions, (some) =>
    Promise.resolve(emulatedDataBocs(emulation.states, some)),
  );
  const classifiable: ClassifiableTrace = {
    trace: {
      trace_id: traceId,
      external_hash: input.hash,
      external_hash_norm: input.hashNorm,
      mc_seqno_start: head.seqno,
      mc_seqno_end: head.seqno,
      start_lt: rootTx.lt,
      start_utime: rootTx.now,
      end_lt: endLt,
      end_utime: endUtime,
      state: 'pending',
      pending_edges_: emulation.unprocessed,
      // Every consumed message (the external one included) and every log is a completed edge.
      edges_: parsed.length + logs,
      nodes_: parsed.length,
      classification_state: 'unclassified',
    },
    transactions: traceTransactions,
    interfaces: withExtras(
      await detectInterfaces(wanted.accounts, input.probes, head.seqno, emulation.states),
      wanted.extras,
    ),
  };
  const classified = classifyTrace(classifiable, defaultRegistry);
  const actions = classified.actions.map((row) => pendingAction(row, classifiable.trace));

  const transactions = ordered.map((p) =>
    toV3PendingTransaction(p.tx, {
      traceId,
      externalHash: input.hash,
      mcSeqno: head.seqno,
      before: p.emulated.before,
      after: p.emulated.after,
    }),
  );
  // As the query service assembles indexed traces. Each emulated transaction after the first ran on an
  // earlier one's out-message (lower lt), so there is no orphan and no warning to report.
  const tree = assembleTraceTree(transactions).root;
  return {
    hash: input.hash,
    hashNorm: input.hashNorm,
    accounts,
    emulatedAt: input.emulatedAt,
    trace: {
      trace_id: traceId,
      external_hash: input.hash,
      mc_seqno_start: String(head.seqno),
      mc_seqno_end: String(head.seqno),
      start_lt: rootTx.lt.toString(),
      start_utime: rootTx.now,
      end_lt: endLt.toString(),
      end_utime: endUtime,
      trace_info: {
        trace_state: 'pending',
        messages: classifiable.trace.edges_,
        transactions: parsed.length,
        pending_messages: emulation.unprocessed,
        // https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/event_processing.py:
        // emulated traces report `ok` when the classifier attached actions.
        classification_state: actions.length > 0 ? 'ok' : 'unclassified',
      },
      is_incomplete: emulation.unprocessed > 0,
      ...(tree === undefined ? {} : { trace: tree }),
      transactions_order: transactions.map((t) => t.hash),
      transactions: Object.fromEntries(transactions.map((t) => [t.hash, t])),
      // The network runs TVM rules the emulator may not know: the trace may differ from the real one.
      ...(emulatorBehind(head.globalVersion) ? { approximate: true as const } : {}),
    },
    actions,
  };
}

/**
 * A classified row rendered as the v3 Action of a pending trace, its account columns as the decoder
 * stores them (withTonaddrColumns), so a pending action names accounts as its confirmed one will.
 */
function pendingAction(classified: ActionRow, trace: ClassifiableTrace['trace']): PendingAction {
  const row = withTonaddrColumns(classified);
  const filled: ActionRow = {
    ...row,
    trace_end_lt: row.trace_end_lt ?? trace.end_lt,
    trace_end_utime: row.trace_end_utime ?? trace.end_utime,
    trace_mc_seqno_end: row.trace_mc_seqno_end ?? trace.mc_seqno_end,
    trace_external_hash: row.trace_external_hash ?? trace.external_hash,
    trace_external_hash_norm: row.trace_external_hash_norm ?? trace.external_hash_norm,
  };
  const action = V3Action.parse({ ...renderApiAction(filled), finality: 'pending' });
  return {
    action,
    type: row.type,
    ancestorType: [...row.ancestor_type],
    accounts: [...row.accounts],
  };
}
