import { type AddressBook, type Metadata, type StreamTraceUpdate } from '@app/contracts';
import { type PendingTrace } from './pending-trace';

/** A raw address as the v3 wire writes it (`wc:UPPERHEX`). */
const RAW_ADDRESS = /^-?\d{1,10}:[0-9A-F]{64}$/;

function collectRaw(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    if (RAW_ADDRESS.test(value)) {
      found.add(value);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) {
      collectRaw(v, found);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) {
      collectRaw(v, found);
    }
  }
}

/**
 * Every address of a pending trace, as toncenter's trace notification books them: transaction
 * accounts, message sources and destinations, and the addresses in the actions' details.
 */
export function pendingTraceAddresses(trace: PendingTrace): string[] {
  const found = new Set<string>();
  for (const tx of Object.values(trace.trace.transactions ?? {})) {
    found.add(tx.account);
    collectRaw(tx.in_msg?.source ?? null, found);
    for (const m of tx.out_msgs) {
      collectRaw(m.destination, found);
    }
  }
  for (const a of trace.actions) {
    collectRaw(a.action.details, found);
  }
  return [...found];
}

/**
 * A stored pending trace as the Streaming API's `ton.stream.v1.trace` at finality `pending`: the
 * emulated transactions as /api/v3/pendingTraces renders them (`emulated: true`, finality `pending`),
 * the classified actions with their `accounts` and hidden ancestor types, no `mc_seqno` (no block holds
 * it yet). Undefined for a trace without a tree (an emulation always has its root).
 */
export function pendingTraceUpdate(
  trace: PendingTrace,
  enrichment: { readonly addressBook: AddressBook; readonly metadata: Metadata },
  emittedAt: number,
): StreamTraceUpdate | undefined {
  const tree = trace.trace.trace;
  if (tree === undefined) {
    return undefined;
  }
  return {
    trace_external_hash_norm: trace.hashNorm,
    finality: 'pending',
    trace: tree,
    transactions: trace.trace.transactions ?? {},
    actions: trace.actions.map((a) => ({
      action: { ...a.action, accounts: a.accounts },
      ancestor_types: a.ancestorType,
    })),
    address_book: enrichment.addressBook,
    metadata: enrichment.metadata,
    emitted_at: emittedAt,
  };
}
