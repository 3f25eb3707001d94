import {
  StreamAccountStateChange,
  StreamJettonsChange,
  StreamTraceInvalidated,
  StreamTraceUpdate,
  Subjects,
  type V3Transaction,
} from '@app/contracts';
import { type StreamLogEntry } from '@app/nats';
import { type Finality, finalityRank } from '../subscription/subscription';

/** Leaf notifications that do not hold back an action's finality (https://docs.ton.org/api/streaming/overview). */
const NOTIFICATION_OPCODES = new Set([
  '0x7362d09c', // jetton transfer_notification
  '0x05138d91', // nft ownership_assigned
  '0xd53276db', // excesses
]);

/** What every client's derivation of a trace snapshot needs, computed once per entry. */
export interface TraceFacts {
  readonly transactions: readonly V3Transaction[];
  /** Minimum over all transactions of the trace (the snapshot's own when it has none). */
  readonly transactionsFinality: Finality;
  /** The same, ignoring leaf notification transactions (toncenter's actions/trace finality). */
  readonly actionsFinality: Finality;
  /** Every transaction account and action account: who may be interested. */
  readonly accounts: ReadonlySet<string>;
}

export type ParsedStreamEntry =
  | {
      readonly kind: 'trace';
      readonly seq: number;
      readonly payload: StreamTraceUpdate;
      readonly facts: TraceFacts;
    }
  | {
      readonly kind: 'accountState';
      readonly seq: number;
      readonly payload: StreamAccountStateChange;
    }
  | { readonly kind: 'jettons'; readonly seq: number; readonly payload: StreamJettonsChange }
  | {
      readonly kind: 'traceInvalidated';
      readonly seq: number;
      readonly payload: StreamTraceInvalidated;
    };

export type ParseEntryOutcome =
  | { readonly ok: true; readonly entry: ParsedStreamEntry }
  | { readonly ok: false; readonly error: string };

function minFinality(values: Iterable<Finality>, fallback: Finality): Finality {
  let min: Finality | undefined;
  for (const value of values) {
    if (min === undefined || finalityRank(value) < finalityRank(min)) {
      min = value;
    }
  }
  return min ?? fallback;
}

function isNotificationLeaf(tx: V3Transaction): boolean {
  const opcode = tx.in_msg?.opcode ?? null;
  return tx.out_msgs.length === 0 && opcode !== null && NOTIFICATION_OPCODES.has(opcode);
}

export function traceFacts(payload: StreamTraceUpdate): TraceFacts {
  const transactions = Object.values(payload.transactions);
  const accounts = new Set<string>();
  for (const tx of transactions) {
    accounts.add(tx.account);
  }
  for (const { action } of payload.actions) {
    for (const account of action.accounts ?? []) {
      accounts.add(account);
    }
  }
  return {
    transactions,
    transactionsFinality: minFinality(
      transactions.map((tx) => tx.finality),
      payload.finality,
    ),
    actionsFinality: minFinality(
      transactions.filter((tx) => !isNotificationLeaf(tx)).map((tx) => tx.finality),
      payload.finality,
    ),
    accounts,
  };
}

/**
 * A log entry checked against its subject's schema (libs/contracts stream-events); one its producer
 * checked against the same contracts (`checked`) is taken as it is.
 */
export function parseStreamEntry(entry: StreamLogEntry): ParseEntryOutcome {
  if (entry.checked === true) {
    try {
      return { ok: true, entry: checkedStreamEntry(entry) };
    } catch (error: unknown) {
      // A checked entry is taken without a second parse; one that still cannot be read is refused
      // like an unchecked one that breaks its contract, never let through to the fan-out.
      return { ok: false, error: `checked entry unreadable: ${String(error)}` };
    }
  }
  switch (entry.subject) {
    case Subjects.stream.trace: {
      const parsed = StreamTraceUpdate.safeParse(entry.payload);
      return parsed.success
        ? {
            ok: true,
            entry: {
              kind: 'trace',
              seq: entry.seq,
              payload: parsed.data,
              facts: traceFacts(parsed.data),
            },
          }
        : { ok: false, error: parsed.error.message };
    }
    case Subjects.stream.accountState: {
      const parsed = StreamAccountStateChange.safeParse(entry.payload);
      return parsed.success
        ? { ok: true, entry: { kind: 'accountState', seq: entry.seq, payload: parsed.data } }
        : { ok: false, error: parsed.error.message };
    }
    case Subjects.stream.jettons: {
      const parsed = StreamJettonsChange.safeParse(entry.payload);
      return parsed.success
        ? { ok: true, entry: { kind: 'jettons', seq: entry.seq, payload: parsed.data } }
        : { ok: false, error: parsed.error.message };
    }
    case Subjects.stream.traceInvalidated: {
      const parsed = StreamTraceInvalidated.safeParse(entry.payload);
      return parsed.success
        ? { ok: true, entry: { kind: 'traceInvalidated', seq: entry.seq, payload: parsed.data } }
        : { ok: false, error: parsed.error.message };
    }
  }
}

/** An entry its producer checked in this process, typed by its subject without a second check. */
function checkedStreamEntry(entry: StreamLogEntry): ParsedStreamEntry {
  const { seq, payload: raw } = entry;
  // What the hub reads before any client's derivation (which fails for that client alone).
  if (typeof raw !== 'object' || raw === null || !('emitted_at' in raw)) {
    throw new Error('not an entry object with its emitted_at');
  }
  if (typeof raw.emitted_at !== 'number') {
    throw new Error('emitted_at is not a number');
  }
  switch (entry.subject) {
    case Subjects.stream.trace: {
      const payload = entry.payload as StreamTraceUpdate;
      return { kind: 'trace', seq, payload, facts: traceFacts(payload) };
    }
    case Subjects.stream.accountState:
      return { kind: 'accountState', seq, payload: entry.payload as StreamAccountStateChange };
    case Subjects.stream.jettons:
      return { kind: 'jettons', seq, payload: entry.payload as StreamJettonsChange };
    case Subjects.stream.traceInvalidated:
      return { kind: 'traceInvalidated', seq, payload: entry.payload as StreamTraceInvalidated };
  }
}

/** When the producer emitted the entry (unix ms), for the lag metric. */
export function emittedAt(entry: ParsedStreamEntry): number {
  return entry.payload.emitted_at;
}
