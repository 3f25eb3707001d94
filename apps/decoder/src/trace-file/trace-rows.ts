/**
 * The row format of toncenter/ton-indexer's test traces (indexer/tests/traces/*.lz4): one msgpack map
 * { trace, transactions[], message_contents[], interfaces } of indexer DB rows, mapped here onto the
 * classifier's trace model. Unknown keys are ignored; missing optional ones become null.
 */
import type {
  AccountInterfaces,
  AccountStatus,
  ClassifiableTrace,
  DexPoolAsset,
  TraceMessage,
  TraceRecord,
  TraceState,
  TraceTransaction,
} from '@app/classify';

export class TraceFileFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceFileFormatError';
  }
}

type Row = Record<string, unknown>;

function isRow(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function row(v: unknown, what: string): Row {
  if (!isRow(v)) {
    throw new TraceFileFormatError(`${what}: expected a map`);
  }
  return v;
}

function str(r: Row, key: string, what: string): string {
  const v = r[key];
  if (typeof v !== 'string') {
    throw new TraceFileFormatError(`${what}.${key}: expected a string`);
  }
  return v;
}

function optStr(r: Row, key: string): string | null {
  const v = r[key];
  return typeof v === 'string' ? v : null;
}

function optBig(r: Row, key: string): bigint | null {
  const v = r[key];
  if (typeof v === 'bigint') {
    return v;
  }
  if (typeof v === 'number' && Number.isFinite(v)) {
    return BigInt(Math.trunc(v));
  }
  if (typeof v === 'string' && /^-?\d+$/.test(v)) {
    return BigInt(v);
  }
  return null;
}

function big(r: Row, key: string, what: string): bigint {
  const v = optBig(r, key);
  if (v === null) {
    throw new TraceFileFormatError(`${what}.${key}: expected an integer`);
  }
  return v;
}

function optNum(r: Row, key: string): number | null {
  const v = r[key];
  if (typeof v === 'number') {
    return v;
  }
  if (typeof v === 'bigint') {
    return Number(v);
  }
  return null;
}

function num(r: Row, key: string, what: string): number {
  const v = optNum(r, key);
  if (v === null) {
    throw new TraceFileFormatError(`${what}.${key}: expected a number`);
  }
  return v;
}

function optBool(r: Row, key: string): boolean | null {
  const v = r[key];
  return typeof v === 'boolean' ? v : null;
}

function extraCurrencies(v: unknown): Record<string, string> | null {
  if (!isRow(v)) {
    return null;
  }
  const out: Record<string, string> = {};
  for (const [k, amount] of Object.entries(v)) {
    out[k] = String(amount);
  }
  return out;
}

function contentBody(v: unknown): string | null {
  return isRow(v) && typeof v.body === 'string' ? v.body : null;
}

function toMessage(m: Row, bodies: ReadonlyMap<string, string>, what: string): TraceMessage {
  const direction = str(m, 'direction', what);
  if (direction !== 'in' && direction !== 'out') {
    throw new TraceFileFormatError(`${what}.direction: ${direction}`);
  }
  const bodyHash = optStr(m, 'body_hash');
  const initHash = optStr(m, 'init_state_hash');
  return {
    msg_hash: str(m, 'msg_hash', what),
    tx_hash: str(m, 'tx_hash', what),
    tx_lt: big(m, 'tx_lt', what),
    direction,
    source: optStr(m, 'source'),
    destination: optStr(m, 'destination'),
    value: optBig(m, 'value'),
    value_extra_currencies: extraCurrencies(m.value_extra_currencies),
    fwd_fee: optBig(m, 'fwd_fee'),
    ihr_fee: optBig(m, 'ihr_fee'),
    created_lt: optBig(m, 'created_lt'),
    created_at: optNum(m, 'created_at'),
    opcode: optNum(m, 'opcode'),
    ihr_disabled: optBool(m, 'ihr_disabled'),
    bounce: optBool(m, 'bounce'),
    bounced: optBool(m, 'bounced'),
    import_fee: optBig(m, 'import_fee'),
    body_hash: bodyHash,
    init_state_hash: initHash,
    body:
      contentBody(m.message_content) ?? (bodyHash !== null ? (bodies.get(bodyHash) ?? null) : null),
    init_state:
      contentBody(m.init_state) ?? (initHash !== null ? (bodies.get(initHash) ?? null) : null),
  };
}

function toTransaction(
  t: Row,
  bodies: ReadonlyMap<string, string>,
  index: number,
): TraceTransaction {
  const what = `transactions[${index}]`;
  const messages = t.messages;
  if (!Array.isArray(messages)) {
    throw new TraceFileFormatError(`${what}.messages: expected a list`);
  }
  const mapped = messages.map((m, i) =>
    toMessage(row(m, `${what}.messages[${i}]`), bodies, `${what}.messages[${i}]`),
  );
  mapped.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1));
  return {
    hash: str(t, 'hash', what),
    lt: big(t, 'lt', what),
    account: str(t, 'account', what),
    now: num(t, 'now', what),
    mc_block_seqno: optNum(t, 'mc_block_seqno'),
    block_seqno: optNum(t, 'block_seqno'),
    trace_id: optStr(t, 'trace_id'),
    orig_status: str(t, 'orig_status', what) as AccountStatus,
    end_status: str(t, 'end_status', what) as AccountStatus,
    total_fees: optBig(t, 'total_fees') ?? 0n,
    descr: optStr(t, 'descr') ?? 'ord',
    aborted: optBool(t, 'aborted') ?? false,
    destroyed: optBool(t, 'destroyed'),
    is_tock: optBool(t, 'is_tock'),
    compute_skipped: optBool(t, 'compute_skipped'),
    skipped_reason: optStr(t, 'skipped_reason'),
    compute_success: optBool(t, 'compute_success'),
    compute_exit_code: optNum(t, 'compute_exit_code'),
    action_success: optBool(t, 'action_success'),
    emulated: optBool(t, 'emulated') ?? false,
    messages: mapped,
  };
}

function toTraceRecord(t: Row): TraceRecord {
  const what = 'trace';
  return {
    trace_id: str(t, 'trace_id', what),
    external_hash: optStr(t, 'external_hash'),
    external_hash_norm: optStr(t, 'external_hash_norm'),
    mc_seqno_start: num(t, 'mc_seqno_start', what),
    mc_seqno_end: num(t, 'mc_seqno_end', what),
    start_lt: big(t, 'start_lt', what),
    start_utime: num(t, 'start_utime', what),
    end_lt: big(t, 'end_lt', what),
    end_utime: num(t, 'end_utime', what),
    state: (optStr(t, 'state') ?? 'complete') as TraceState,
    pending_edges_: optNum(t, 'pending_edges_') ?? 0,
    edges_: optNum(t, 'edges_') ?? 0,
    nodes_: optNum(t, 'nodes_') ?? 0,
    classification_state: optStr(t, 'classification_state') ?? 'unclassified',
  };
}

function upper(a: string | null): string | null {
  return a === null ? null : a.toUpperCase();
}

/** Maps the `interfaces` map (address → {InterfaceName: fields}) onto AccountInterfaces. */
function toInterfaces(v: unknown): Map<string, AccountInterfaces> {
  const out = new Map<string, AccountInterfaces>();
  if (!isRow(v)) {
    return out;
  }
  for (const [address, entry] of Object.entries(v)) {
    if (!isRow(entry)) {
      continue;
    }
    const acc: AccountInterfaces = {};
    for (const [name, fields] of Object.entries(entry)) {
      if (!isRow(fields)) {
        continue;
      }
      switch (name) {
        case 'JettonWallet':
          acc.jetton_wallet = {
            address: upper(optStr(fields, 'address')) ?? address,
            balance: optBig(fields, 'balance'),
            owner: upper(optStr(fields, 'owner')) ?? '',
            jetton: upper(optStr(fields, 'jetton')) ?? '',
          };
          break;
        case 'NftItem':
          acc.nft_item = {
            address: upper(optStr(fields, 'address')) ?? address,
            init: optBool(fields, 'init') ?? false,
            index: optBig(fields, 'index'),
            collection_address: upper(optStr(fields, 'collection_address')),
            owner_address: upper(optStr(fields, 'owner_address')),
            content: fields.content ?? null,
            code_hash: optStr(fields, 'code_hash'),
          };
          break;
        case 'NftSale':
          acc.nft_sale = {
            address: upper(optStr(fields, 'address')) ?? address,
            is_complete: optBool(fields, 'is_complete') ?? false,
            marketplace_address: upper(optStr(fields, 'marketplace_address')),
            nft_address: upper(optStr(fields, 'nft_address')),
            nft_owner_address: upper(optStr(fields, 'nft_owner_address')),
            full_price: optBig(fields, 'full_price'),
            marketplace_fee_address: upper(optStr(fields, 'marketplace_fee_address')),
            marketplace_fee: optBig(fields, 'marketplace_fee'),
            royalty_address: upper(optStr(fields, 'royalty_address')),
            royalty_amount: optBig(fields, 'royalty_amount'),
            code_hash: optStr(fields, 'code_hash'),
          };
          break;
        case 'NftAuction':
          acc.nft_auction = {
            address,
            nft_addr: upper(optStr(fields, 'nft_addr')),
            nft_owner: upper(optStr(fields, 'nft_owner')),
            mp_addr: upper(optStr(fields, 'mp_addr')),
            last_bid: optBig(fields, 'last_bid'),
            code_hash: optStr(fields, 'code_hash'),
          };
          break;
        case 'DedustPool': {
          const assets: DexPoolAsset[] = Array.isArray(fields.assets)
            ? fields.assets
                .filter(isRow)
                .map((a) => ({ is_ton: a.is_ton === true, address: upper(optStr(a, 'address')) }))
            : [];
          acc.dedust_pool = { address, assets };
          break;
        }
        case 'MultisigOrder':
          acc.multisig_order = {
            address,
            multisig_address: upper(optStr(fields, 'multisig_address')) ?? '',
            order_seqno: optBig(fields, 'order_seqno') ?? 0n,
            threshold: optNum(fields, 'threshold') ?? 0,
            sent_for_execution: optBool(fields, 'sent_for_execution') ?? false,
            approvals_mask: optBig(fields, 'approvals_mask') ?? 0n,
            approvals_num: optNum(fields, 'approvals_num') ?? 0,
            expiration_date: optNum(fields, 'expiration_date') ?? 0,
            order_boc: optStr(fields, 'order_boc') ?? '',
            signers: Array.isArray(fields.signers)
              ? fields.signers.filter((s) => typeof s === 'string')
              : [],
          };
          break;
        case 'NominatorPool':
          acc.nominator_pool = { address: upper(optStr(fields, 'address')) ?? address };
          break;
        default:
          acc.extra = { ...acc.extra, [name]: fields };
      }
    }
    out.set(address.toUpperCase(), acc);
  }
  return out;
}

/** Maps a decoded trace file (msgpack map) onto the classifier's model. */
export function traceFromRows(data: unknown): ClassifiableTrace {
  const top = row(data, 'trace file');
  const bodies = new Map<string, string>();
  if (Array.isArray(top.message_contents)) {
    for (const c of top.message_contents) {
      if (isRow(c) && typeof c.hash === 'string' && typeof c.body === 'string') {
        bodies.set(c.hash, c.body);
      }
    }
  }
  const txs = top.transactions;
  if (!Array.isArray(txs) || txs.length === 0) {
    throw new TraceFileFormatError('trace file: no transactions');
  }
  return {
    trace: toTraceRecord(row(top.trace, 'trace')),
    transactions: txs.map((t, i) => toTransaction(row(t, `transactions[${i}]`), bodies, i)),
    interfaces: toInterfaces(top.interfaces),
  };
}
