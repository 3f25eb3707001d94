import {
  type AddressBook,
  type Metadata,
  StreamAccountState,
  type StreamAccountStateChange,
  type StreamJettonsChange,
  type StreamTraceUpdate,
  Subjects,
  type V3JettonWallet,
  type V3Transaction,
} from '@app/contracts';
import { type BlockFinality, type StreamEntry, StreamMsgId } from './stream-entry';
import { type TraceSnapshot } from './trace-snapshot';

/** What every entry of one block shares. */
export interface BlockContext {
  readonly mcSeqno: number;
  readonly emittedAt: number;
  /** address_book and metadata of every address the block's entries mention (built once). */
  readonly addressBook: AddressBook;
  readonly metadata: Metadata;
}

/** The entries of `book` for `addresses` (each built independently: a subset equals a direct build). */
export function pickAddressBook(book: AddressBook, addresses: Iterable<string>): AddressBook {
  const out: AddressBook = {};
  for (const address of addresses) {
    const entry = book[address];
    if (entry !== undefined) {
      out[address] = entry;
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The masters named by an entry's `jetton_wallets` token info (MetadataBuilder's `extra.jetton`). */
function mastersOfWalletEntry(entry: unknown): string[] {
  const infos = isRecord(entry) && Array.isArray(entry.token_info) ? entry.token_info : [];
  const masters: string[] = [];
  for (const info of infos) {
    if (isRecord(info) && info.type === 'jetton_wallets' && isRecord(info.extra)) {
      const jetton = info.extra.jetton;
      if (typeof jetton === 'string') {
        masters.push(jetton);
      }
    }
  }
  return masters;
}

/**
 * The entries of `metadata` for `addresses`, as MetadataBuilder.build(addresses) would give them: the
 * addresses' own entries plus the master of every jetton wallet among them (the builder adds those),
 * in the builder's (sorted) order.
 */
export function pickMetadata(metadata: Metadata, addresses: Iterable<string>): Metadata {
  const wanted = new Set(addresses);
  for (const address of [...wanted]) {
    for (const master of mastersOfWalletEntry(metadata[address])) {
      wanted.add(master);
    }
  }
  const out: Metadata = {};
  for (const [address, entry] of Object.entries(metadata)) {
    if (wanted.has(address)) {
      out[address] = entry;
    }
  }
  return out;
}

/**
 * `ton.stream.v1.trace`: the snapshot at `finality`, each transaction and action carrying it as
 * toncenter's do (one `finality` per transaction; all of a block's transactions share the block's).
 */
export function traceUpdateEntry(
  snapshot: TraceSnapshot,
  finality: BlockFinality,
  ctx: BlockContext,
): StreamEntry {
  const payload: StreamTraceUpdate = {
    trace_external_hash_norm: snapshot.norm,
    finality,
    trace: snapshot.tree,
    transactions: Object.fromEntries(
      snapshot.transactions.map((tx) => [tx.hash, { ...tx, finality }]),
    ),
    actions: snapshot.actions.map((a) => ({
      action: { ...a.action, finality },
      ancestor_types: a.ancestorTypes,
    })),
    address_book: pickAddressBook(ctx.addressBook, snapshot.addresses),
    metadata: pickMetadata(ctx.metadata, snapshot.addresses),
    mc_seqno: ctx.mcSeqno,
    emitted_at: ctx.emittedAt,
  };
  return {
    subject: Subjects.stream.trace,
    payload,
    msgId: StreamMsgId.trace(snapshot.norm, finality, ctx.mcSeqno),
  };
}

const ACCOUNT_STATUSES: readonly string[] =
  StreamAccountState.shape.account_status.unwrap().options;

/** The stored status (`account_status` enum: uninit, frozen, active, nonexist), null when unknown. */
function accountStatus(status: string | null): StreamAccountState['account_status'] {
  return status !== null && ACCOUNT_STATUSES.includes(status)
    ? StreamAccountState.shape.account_status.parse(status)
    : null;
}

/**
 * `ton.stream.v1.accountState`: the account's state after its newest transaction of the block, the
 * `account_state_after` of that transaction as /api/v3/transactions renders it (toncenter's keys; no
 * address_book or metadata, as toncenter never sends them with this type).
 */
export function accountStateEntry(
  newest: V3Transaction,
  finality: BlockFinality,
  ctx: BlockContext,
): StreamEntry {
  const after = newest.account_state_after;
  const payload: StreamAccountStateChange = {
    account: newest.account,
    finality,
    state: {
      hash: after.hash,
      balance: after.balance,
      extra_currencies: after.extra_currencies,
      account_status: accountStatus(after.account_status),
      frozen_hash: after.frozen_hash,
      data_hash: after.data_hash,
      code_hash: after.code_hash,
    },
    last_transaction_lt: newest.lt,
    mc_seqno: ctx.mcSeqno,
    emitted_at: ctx.emittedAt,
  };
  return {
    subject: Subjects.stream.accountState,
    payload,
    msgId: StreamMsgId.accountState(newest.account, newest.lt, finality),
  };
}

/**
 * `ton.stream.v1.jettons`: the wallet as /api/v3/jetton/wallets renders it without `mintless_info`
 * (toncenter's streaming never sends it), address_book of wallet, owner and master, metadata of owner
 * and master (toncenter's ton-streaming-go does the same).
 */
export function jettonsEntry(
  wallet: V3JettonWallet,
  finality: BlockFinality,
  ctx: BlockContext,
): StreamEntry {
  const payload: StreamJettonsChange = {
    finality,
    jetton: {
      address: wallet.address,
      balance: wallet.balance,
      owner: wallet.owner,
      jetton: wallet.jetton,
      last_transaction_lt: wallet.last_transaction_lt,
      code_hash: wallet.code_hash,
      data_hash: wallet.data_hash,
    },
    address_book: pickAddressBook(ctx.addressBook, [wallet.address, wallet.owner, wallet.jetton]),
    metadata: pickMetadataExact(ctx.metadata, [wallet.owner, wallet.jetton]),
    mc_seqno: ctx.mcSeqno,
    emitted_at: ctx.emittedAt,
  };
  return {
    subject: Subjects.stream.jettons,
    payload,
    msgId: StreamMsgId.jettons(wallet.address, wallet.last_transaction_lt, finality),
  };
}

/** Only the addresses' own entries (jettons_change: owner and master, never the wallet's master twice). */
function pickMetadataExact(metadata: Metadata, addresses: readonly string[]): Metadata {
  const out: Metadata = {};
  for (const [address, entry] of Object.entries(metadata)) {
    if (addresses.includes(address)) {
      out[address] = entry;
    }
  }
  return out;
}
