import {
  type StreamAccountStateChange,
  type StreamAction,
  type StreamJettonsChange,
  type StreamTraceInvalidated,
  type StreamTraceUpdate,
  type V3Transaction,
} from '@app/contracts';
import {
  type Finality,
  finalityRank,
  type NotificationType,
  type Subscription,
} from '../subscription/subscription';
import { actionAddresses, enrichment, transactionAddresses } from './enrichment';
import { type ParsedStreamEntry, type TraceFacts } from './stream-entry';
import { type TraceTracker } from './trace-tracker';

/** One notification as the client gets it, serialised without its event id. */
export interface Notification {
  readonly type: NotificationType;
  /** One compact JSON object (toncenter's key order). */
  readonly json: string;
}

/**
 * JSON of notifications already built for this entry, by what makes them differ (the matched
 * transactions or actions, the enrichment asked for): 1,000 subscribers of one wallet cost one
 * serialisation, not 1,000.
 */
export type DerivationMemo = Map<string, string>;

function memoised(memo: DerivationMemo | undefined, key: string, build: () => unknown): string {
  const cached = memo?.get(key);
  if (cached !== undefined) {
    return cached;
  }
  const json = JSON.stringify(build());
  memo?.set(key, json);
  return json;
}

function atLeast(finality: Finality, min: Finality): boolean {
  return finalityRank(finality) >= finalityRank(min);
}

/** Non-negative decimal strings compared as numbers (lt values never have leading zeros). */
function compareDec(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

function enrichmentKey(sub: Subscription): string {
  return `${sub.includeAddressBook ? 'b' : ''}${sub.includeMetadata ? 'm' : ''}`;
}

/** `trace_external_hash` is set only in `trace` events (https://docs.ton.org/api/streaming/overview). */
function forTransactionsEvent(tx: V3Transaction): V3Transaction {
  if (tx.trace_external_hash === undefined) {
    return tx;
  }
  const copy = { ...tx };
  delete copy.trace_external_hash;
  return copy;
}

/**
 * The supported-types filter (https://docs.ton.org/api/streaming/overview): an action whose type
 * the client does not know is dropped, and so is one whose newer form (an `ancestor_types` entry)
 * the client knows.
 */
function passesActionFilters(entry: StreamAction, sub: Subscription): boolean {
  const { type } = entry.action;
  if (sub.actionTypes.size > 0 && !sub.actionTypes.has(type)) {
    return false;
  }
  if (!sub.supportedActionTypes.has(type)) {
    return false;
  }
  return !entry.ancestor_types.some((ancestor) => sub.supportedActionTypes.has(ancestor));
}

/** Kept action indices, ordered end_lt desc then start_lt desc (toncenter GetAllActions). */
function keptActions(
  actions: readonly StreamAction[],
  keep: (entry: StreamAction) => boolean,
): number[] {
  const kept: number[] = [];
  actions.forEach((entry, index) => {
    if (keep(entry)) {
      kept.push(index);
    }
  });
  return kept.sort((x, y) => {
    const a = actions[x]?.action;
    const b = actions[y]?.action;
    if (a === undefined || b === undefined) {
      return 0;
    }
    return compareDec(b.end_lt, a.end_lt) || compareDec(b.start_lt, a.start_lt);
  });
}

function pick<T>(list: readonly T[], indices: readonly number[]): T[] {
  const out: T[] = [];
  for (const index of indices) {
    const item = list[index];
    if (item !== undefined) {
      out.push(item);
    }
  }
  return out;
}

/** What a trace update's notifications for one subscription are derived from. */
interface TraceScope {
  readonly payload: StreamTraceUpdate;
  readonly facts: TraceFacts;
  readonly sub: Subscription;
  readonly memo: DerivationMemo | undefined;
}

/** A notification's JSON and the finality it reports. */
interface Built {
  readonly finality: Finality;
  readonly json: string;
}

function transactionsNotification({ payload, facts, sub, memo }: TraceScope): Built | undefined {
  // A pending snapshot carries only its emulated transactions, at `pending`; a confirmed or
  // finalized one is a full snapshot whose finality is its least final transaction
  // (https://docs.ton.org/api/streaming/overview).
  const pendingOnly = payload.finality === 'pending';
  const finality = pendingOnly ? 'pending' : facts.transactionsFinality;
  if (!atLeast(finality, sub.minFinality)) {
    return undefined;
  }
  const matched = facts.transactions
    .filter((tx) => sub.addresses.has(tx.account) && (!pendingOnly || tx.finality === 'pending'))
    .sort((a, b) => compareDec(b.lt, a.lt));
  if (matched.length === 0) {
    return undefined;
  }
  const key = `tx:${enrichmentKey(sub)}:${matched.map((tx) => tx.hash).join(',')}`;
  const json = memoised(memo, key, () => ({
    type: 'transactions',
    finality,
    trace_external_hash_norm: payload.trace_external_hash_norm,
    transactions: matched.map(forTransactionsEvent),
    ...enrichment(sub, payload, transactionAddresses(matched)),
  }));
  return { finality, json };
}

function actionsNotification({ payload, facts, sub, memo }: TraceScope): Built | undefined {
  const finality = facts.actionsFinality;
  if (!atLeast(finality, sub.minFinality)) {
    return undefined;
  }
  const kept = keptActions(
    payload.actions,
    (entry) =>
      (entry.action.accounts ?? []).some((account) => sub.addresses.has(account)) &&
      passesActionFilters(entry, sub),
  );
  if (kept.length === 0) {
    return undefined;
  }
  const key = `ac:${enrichmentKey(sub)}:${kept.join(',')}`;
  const json = memoised(memo, key, () => {
    const actions = pick(payload.actions, kept);
    return {
      type: 'actions',
      finality,
      trace_external_hash_norm: payload.trace_external_hash_norm,
      actions: actions.map((entry) => entry.action),
      ...enrichment(sub, payload, actionAddresses(actions)),
    };
  });
  return { finality, json };
}

function traceNotification({ payload, facts, sub, memo }: TraceScope): Built | undefined {
  const finality = facts.actionsFinality;
  if (!atLeast(finality, sub.minFinality)) {
    return undefined;
  }
  // By trace hash, not by address; the actions only through the type filters
  // (https://docs.ton.org/api/streaming/overview).
  const kept = keptActions(payload.actions, (entry) => passesActionFilters(entry, sub));
  const key = `tr:${enrichmentKey(sub)}:${kept.join(',')}`;
  const json = memoised(memo, key, () => ({
    type: 'trace',
    finality,
    trace_external_hash_norm: payload.trace_external_hash_norm,
    trace: payload.trace,
    transactions: payload.transactions,
    ...(kept.length > 0 ? { actions: pick(payload.actions, kept).map((e) => e.action) } : {}),
    ...enrichment(sub, payload, 'all'),
  }));
  return { finality, json };
}

function deriveTrace(
  payload: StreamTraceUpdate,
  facts: TraceFacts,
  sub: Subscription,
  tracker: TraceTracker,
  memo: DerivationMemo | undefined,
): Notification[] {
  const out: Notification[] = [];
  const scope: TraceScope = { payload, facts, sub, memo };
  const norm = payload.trace_external_hash_norm;
  const add = (type: NotificationType, built: Built | undefined): void => {
    if (built !== undefined) {
      out.push({ type, json: built.json });
      tracker.noteDelivered(norm, built.finality);
    }
  };
  if (sub.types.has('transactions')) {
    add('transactions', transactionsNotification(scope));
  }
  if (sub.types.has('actions')) {
    add('actions', actionsNotification(scope));
  }
  if (sub.types.has('trace') && sub.traceNorms.has(norm)) {
    add('trace', traceNotification(scope));
  }
  return out;
}

function deriveAccountState(
  payload: StreamAccountStateChange,
  sub: Subscription,
  memo: DerivationMemo | undefined,
): Notification[] {
  if (
    !sub.types.has('account_state_change') ||
    !sub.addresses.has(payload.account) ||
    !atLeast(payload.finality, sub.minFinality)
  ) {
    return [];
  }
  // Never enriched (https://docs.ton.org/api/streaming/overview); the same bytes for every client.
  const json = memoised(memo, 'as', () => ({
    type: 'account_state_change',
    finality: payload.finality,
    account: payload.account,
    state: payload.state,
  }));
  return [{ type: 'account_state_change', json }];
}

function deriveJettons(
  payload: StreamJettonsChange,
  sub: Subscription,
  memo: DerivationMemo | undefined,
): Notification[] {
  const { jetton } = payload;
  if (
    !sub.types.has('jettons_change') ||
    !(sub.addresses.has(jetton.address) || sub.addresses.has(jetton.owner)) ||
    !atLeast(payload.finality, sub.minFinality)
  ) {
    return [];
  }
  const json = memoised(memo, `jc:${enrichmentKey(sub)}`, () => ({
    type: 'jettons_change',
    finality: payload.finality,
    jetton,
    // The producer scoped them (book: wallet, owner, master; metadata: owner, master;
    // https://docs.ton.org/api/streaming/overview).
    ...enrichment(sub, payload, 'all'),
  }));
  return [{ type: 'jettons_change', json }];
}

function deriveInvalidation(
  payload: StreamTraceInvalidated,
  tracker: TraceTracker,
): Notification[] {
  if (!tracker.takeInvalidation(payload.trace_external_hash_norm)) {
    return [];
  }
  const json = JSON.stringify({
    type: 'trace_invalidated',
    trace_external_hash_norm: payload.trace_external_hash_norm,
  });
  return [{ type: 'trace_invalidated', json }];
}

/**
 * The notifications one client gets from one log entry, in a fixed order (transactions, actions,
 * trace), so that `<seq>:<k>` names the same notification when the entry is derived again for a
 * replay. Updates `tracker` with what was delivered (toncenter's per-client invalidation tracking).
 */
export function deriveNotifications(
  entry: ParsedStreamEntry,
  sub: Subscription,
  tracker: TraceTracker,
  memo?: DerivationMemo,
): Notification[] {
  switch (entry.kind) {
    case 'trace':
      return deriveTrace(entry.payload, entry.facts, sub, tracker, memo);
    case 'accountState':
      return deriveAccountState(entry.payload, sub, memo);
    case 'jettons':
      return deriveJettons(entry.payload, sub, memo);
    case 'traceInvalidated':
      return deriveInvalidation(entry.payload, tracker);
  }
}
