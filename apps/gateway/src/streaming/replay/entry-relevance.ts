import { Subjects } from '@app/contracts';
import { type StreamLogEntry } from '@app/nats';
import { type Subscription } from '../subscription/subscription';

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isIn(value: unknown, set: ReadonlySet<string>): boolean {
  return typeof value === 'string' && set.has(value);
}

function anyAccountIn(trace: unknown, addresses: ReadonlySet<string>): boolean {
  const transactions = field(trace, 'transactions');
  if (typeof transactions === 'object' && transactions !== null) {
    for (const tx of Object.values(transactions)) {
      if (isIn(field(tx, 'account'), addresses)) {
        return true;
      }
    }
  }
  const actions = field(trace, 'actions');
  if (Array.isArray(actions)) {
    for (const entry of actions) {
      const accounts = field(field(entry, 'action'), 'accounts');
      if (Array.isArray(accounts) && accounts.some((a) => isIn(a, addresses))) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Whether a replayed entry can give this client a notification or change its open traces, judged
 * on the raw payload before the schema is applied: a replay (and its look-back) then parses only the
 * entries that concern the client, not the whole history of the chain. False only when certain.
 */
export function mayConcern(
  entry: StreamLogEntry,
  subscription: Subscription,
  openTraces: ReadonlySet<string>,
): boolean {
  const { payload } = entry;
  switch (entry.subject) {
    case Subjects.stream.trace: {
      const norm = field(payload, 'trace_external_hash_norm');
      return (
        isIn(norm, subscription.traceNorms) ||
        isIn(norm, openTraces) ||
        anyAccountIn(payload, subscription.addresses)
      );
    }
    case Subjects.stream.accountState:
      return isIn(field(payload, 'account'), subscription.addresses);
    case Subjects.stream.jettons: {
      const jetton = field(payload, 'jetton');
      return (
        isIn(field(jetton, 'address'), subscription.addresses) ||
        isIn(field(jetton, 'owner'), subscription.addresses)
      );
    }
    case Subjects.stream.traceInvalidated:
      return isIn(field(payload, 'trace_external_hash_norm'), openTraces);
  }
}
