import {
  type StreamAccountStateChange,
  type StreamJettonsChange,
  type StreamTraceUpdate,
  Subjects,
} from '@app/contracts';
import { type BlockFinality, type StreamEntry, StreamMsgId } from './stream-entry';

function withFinality<T extends object>(value: T, finality: BlockFinality): T {
  return { ...value, finality };
}

/**
 * Entry `entry` of block `mcSeqno` at another finality, with its dedupe id. The builders of
 * stream-payloads.ts take nothing else from the finality than the `finality` fields (the payload's,
 * every transaction's and every action's) and the id, so a payload already checked against its
 * contract stays valid, with its keys in the same order: the publisher checks each entry once and
 * appends it at every finality (stream-payloads.spec.ts holds this against the builders).
 */
export function entryAtFinality(
  { subject, payload }: StreamEntry,
  finality: BlockFinality,
  mcSeqno: number,
): StreamEntry {
  switch (subject) {
    case Subjects.stream.trace: {
      const trace = payload as StreamTraceUpdate;
      const transactions: StreamTraceUpdate['transactions'] = {};
      for (const [hash, tx] of Object.entries(trace.transactions)) {
        transactions[hash] = withFinality(tx, finality);
      }
      return {
        subject,
        payload: {
          ...withFinality(trace, finality),
          transactions,
          actions: trace.actions.map((a) => ({ ...a, action: withFinality(a.action, finality) })),
        } satisfies StreamTraceUpdate,
        msgId: StreamMsgId.trace(trace.trace_external_hash_norm, finality, mcSeqno),
      };
    }
    case Subjects.stream.accountState: {
      const change = payload as StreamAccountStateChange;
      return {
        subject,
        payload: withFinality(change, finality),
        msgId: StreamMsgId.accountState(change.account, change.last_transaction_lt, finality),
      };
    }
    case Subjects.stream.jettons: {
      const change = payload as StreamJettonsChange;
      return {
        subject,
        payload: withFinality(change, finality),
        msgId: StreamMsgId.jettons(
          change.jetton.address,
          change.jetton.last_transaction_lt,
          finality,
        ),
      };
    }
    case Subjects.stream.traceInvalidated:
      throw new Error(`${subject} is not a block entry: it has no finality`);
  }
}
