import {
  type AccountInterfaceRows,
  type ActionInsertRow,
  type MsgInputRow,
  type TraceInputRow,
  type TxInputRow,
} from '@app/database';
import {
  type AccountInterfaces,
  type ActionDataColumn,
  type ActionRow,
  type ActionValue,
  type ClassifiableTrace,
  dedustPoolInfo,
  type TraceMessage,
  type TraceRecord,
  type TraceTransaction,
  withTonaddrColumns,
} from '@app/classify';

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

export function message(r: MsgInputRow): TraceMessage {
  return {
    msg_hash: r.msg_hash,
    tx_hash: r.tx_hash,
    tx_lt: BigInt(r.tx_lt),
    direction: r.direction,
    source: r.source,
    destination: r.destination,
    value: big(r.value),
    value_extra_currencies: r.value_extra_currencies,
    fwd_fee: big(r.fwd_fee),
    ihr_fee: big(r.ihr_fee),
    created_lt: big(r.created_lt),
    created_at: r.created_at === null ? null : Number(r.created_at),
    opcode: r.opcode,
    ihr_disabled: r.ihr_disabled,
    bounce: r.bounce,
    bounced: r.bounced,
    import_fee: big(r.import_fee),
    body_hash: r.body_hash,
    init_state_hash: r.init_state_hash,
    body: r.body,
    init_state: r.init_state,
  };
}

export function transaction(
  r: Omit<TxInputRow, 'trace_id'>,
  messages: TraceMessage[],
  traceId: string | null,
): TraceTransaction {
  return {
    hash: r.hash,
    lt: BigInt(r.lt),
    account: r.account,
    now: r.now,
    mc_block_seqno: r.mc_block_seqno,
    block_seqno: r.block_seqno,
    trace_id: traceId,
    orig_status: r.orig_status,
    end_status: r.end_status,
    total_fees: BigInt(r.total_fees),
    descr: r.descr,
    aborted: r.aborted ?? false,
    destroyed: r.destroyed,
    is_tock: r.is_tock,
    compute_skipped: r.compute_skipped,
    skipped_reason: r.skipped_reason,
    compute_success: r.compute_success,
    compute_exit_code: r.compute_exit_code,
    action_success: r.action_success,
    emulated: false,
    // The in-message first, then the out-messages by creation lt (the model's convention).
    messages: [...messages].sort(
      (a, b) =>
        (a.direction === 'in' ? -1 : 0) - (b.direction === 'in' ? -1 : 0) ||
        Number((a.created_lt ?? 0n) - (b.created_lt ?? 0n)),
    ),
  };
}

/** The decoded interface rows of some accounts → the classifier's per-account view. */
export function interfaceMap(rows: AccountInterfaceRows): Map<string, AccountInterfaces> {
  const interfaces = new Map<string, AccountInterfaces>();
  const of = (address: string): AccountInterfaces => {
    let known = interfaces.get(address);
    if (known === undefined) {
      known = {};
      interfaces.set(address, known);
    }
    return known;
  };
  for (const w of rows.jettonWallets) {
    of(w.address).jetton_wallet = {
      address: w.address,
      balance: BigInt(w.balance),
      owner: w.owner,
      jetton: w.jetton,
    };
  }
  for (const n of rows.nftItems) {
    of(n.address).nft_item = {
      address: n.address,
      init: n.init,
      index: BigInt(n.index),
      collection_address: n.collection_address,
      owner_address: n.owner_address,
      content: n.content,
      code_hash: n.code_hash,
    };
  }
  for (const o of rows.multisigOrders) {
    of(o.address).multisig_order = {
      address: o.address,
      multisig_address: o.multisig_address,
      order_seqno: BigInt(o.order_seqno),
      threshold: Number(o.threshold ?? 0),
      sent_for_execution: o.sent_for_execution ?? false,
      approvals_mask: BigInt(o.approvals_mask ?? 0),
      approvals_num: Number(o.approvals_num ?? 0),
      expiration_date: Number(o.expiration_date ?? 0),
      order_boc: o.order_boc ?? '',
      signers: o.signers ?? [],
    };
  }
  // The getgems sale as trace files carry it (`NftSale`): a purchase reads price, item and seller.
  for (const sale of rows.nftSales) {
    of(sale.address).nft_sale = {
      address: sale.address,
      is_complete: sale.is_complete,
      marketplace_address: sale.marketplace_address,
      nft_address: sale.nft_address,
      nft_owner_address: sale.nft_owner_address,
      full_price: BigInt(sale.full_price),
      marketplace_fee_address: sale.marketplace_fee_address,
      marketplace_fee: BigInt(sale.marketplace_fee),
      royalty_address: sale.royalty_address,
      royalty_amount: BigInt(sale.royalty_amount),
      code_hash: sale.code_hash,
    };
  }
  // The getgems auction as trace files carry it (`NftAuction`): bids, cancels and finishes read its item.
  for (const a of rows.nftAuctions) {
    of(a.address).nft_auction = {
      address: a.address,
      nft_addr: a.nft_addr,
      nft_owner: a.nft_owner,
      mp_addr: a.mp_addr,
      last_bid: BigInt(a.last_bid),
      code_hash: a.code_hash,
    };
  }
  // The DeDust pool as trace files carry it (`DedustPool`): a swap reads which assets its pools trade.
  for (const p of rows.dexPools) {
    of(p.address).dedust_pool = dedustPoolInfo(p.address, p.asset_1, p.asset_2);
  }
  for (const address of rows.nominatorPools) {
    of(address).nominator_pool = { address };
  }
  return interfaces;
}

/** A `traces` row → the classifier's trace record. */
export function traceRecord(t: TraceInputRow): TraceRecord {
  return {
    trace_id: t.trace_id,
    external_hash: t.external_hash,
    external_hash_norm: t.external_hash_norm,
    mc_seqno_start: t.mc_seqno_start,
    mc_seqno_end: t.mc_seqno_end,
    start_lt: BigInt(t.start_lt),
    start_utime: t.start_utime,
    end_lt: BigInt(t.end_lt),
    end_utime: t.end_utime,
    state: t.state,
    pending_edges_: Number(t.pending_edges_),
    edges_: Number(t.edges_),
    nodes_: Number(t.nodes_),
    classification_state: t.classification_state,
  };
}

/** Transaction and message rows → the classifier's transactions, grouped by trace. */
export function transactionsByTrace(
  txs: readonly TxInputRow[],
  msgs: readonly MsgInputRow[],
): Map<string, TraceTransaction[]> {
  const messagesByTx = new Map<string, TraceMessage[]>();
  for (const r of msgs) {
    const list = messagesByTx.get(r.tx_hash) ?? [];
    list.push(message(r));
    messagesByTx.set(r.tx_hash, list);
  }
  const byTrace = new Map<string, TraceTransaction[]>();
  for (const r of txs) {
    const list = byTrace.get(r.trace_id) ?? [];
    list.push(transaction(r, messagesByTx.get(r.hash) ?? [], r.trace_id));
    byTrace.set(r.trace_id, list);
  }
  return byTrace;
}

/** JSON with bigint as decimal strings (jsonb keeps 64-bit values exact that way). */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * A classified action → its `actions` row, the `*_data` composites gathered into `details`, the account
 * columns as toncenter's `tonaddr` columns keep them (one account once among `accounts`).
 */
export function actionInsertRow(
  classified: ActionRow,
  trace: ClassifiableTrace['trace'],
): ActionInsertRow {
  const a = withTonaddrColumns(classified);
  const details: Partial<Record<ActionDataColumn, ActionValue>> = {};
  for (const [key, value] of Object.entries(a)) {
    if (key.endsWith('_data') && value !== null && value !== undefined) {
      details[key as ActionDataColumn] = value as ActionValue;
    }
  }
  return {
    traceId: a.trace_id,
    actionId: a.action_id,
    type: a.type,
    txHashes: a.tx_hashes,
    value: a.value,
    amount: a.amount,
    startLt: a.start_lt,
    endLt: a.end_lt,
    startUtime: a.start_utime,
    endUtime: a.end_utime,
    source: a.source,
    sourceSecondary: a.source_secondary,
    destination: a.destination,
    destinationSecondary: a.destination_secondary,
    asset: a.asset,
    assetSecondary: a.asset_secondary,
    asset2: a.asset2,
    asset2Secondary: a.asset2_secondary,
    opcode: a.opcode,
    success: a.success,
    traceEndLt: a.trace_end_lt ?? trace.end_lt,
    traceEndUtime: a.trace_end_utime ?? trace.end_utime,
    traceExternalHash: a.trace_external_hash ?? trace.external_hash,
    traceExternalHashNorm: a.trace_external_hash_norm,
    mcSeqnoEnd: a.mc_seqno_end ?? trace.mc_seqno_end,
    traceMcSeqnoEnd: a.trace_mc_seqno_end ?? trace.mc_seqno_end,
    parentActionId: a.parent_action_id,
    ancestorType: a.ancestor_type,
    valueExtraCurrencies: a.value_extra_currencies,
    detailsJson: jsonText(details),
    accounts: a.accounts,
  };
}
