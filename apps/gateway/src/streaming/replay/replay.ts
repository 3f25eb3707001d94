import { type StreamLog } from '@app/nats';
import { type Logger } from 'pino';
import { type StreamClient } from '../connection/stream-client';
import { parseStreamEntry } from '../derivation/stream-entry';
import { type StreamHub } from '../hub/stream-hub';
import { type StreamingMetrics } from '../streaming.metrics';
import { mayConcern } from './entry-relevance';
import { type EventId } from './event-id';

export interface ReplayOptions {
  /**
   * Entries before the resume point derived again, silently, to learn which traces the client was
   * told about below `finalized` (their `trace_invalidated` is still owed after the reconnect).
   */
  readonly lookbackEntries: number;
}

export type ReplayOutcome = 'complete' | 'truncated';

/** What a replay reads from and reports to. */
export interface ReplayDeps {
  readonly log: StreamLog;
  readonly hub: StreamHub;
  readonly metrics: StreamingMetrics;
  readonly logger: Logger;
  readonly options: ReplayOptions;
}

/**
 * Resumes `client` after `since` (beyond toncenter, which cannot). The caller put the client in
 * replay mode (hub.beginReplay) before it could receive any live entry, then registered it: live
 * entries are buffered while the log is replayed from `since` up to its last entry at the start,
 * then the buffer is flushed past the last replayed entry — no gap, no duplicate.
 * A position older than the retained history (entries after it dropped) gets `{"type":"replay_truncated","first_available":
 * "<seq>:0"}` first, then everything retained.
 */
export async function replayInto(
  client: StreamClient,
  since: EventId,
  deps: ReplayDeps,
): Promise<ReplayOutcome> {
  const { log, hub } = deps;
  try {
    // The hub follows from before this read, so every entry after `last` reaches the buffer.
    const { first, last } = await log.bounds();
    // Entry `since.seq` itself may be gone: the client got its notifications before leaving (a
    // disconnect between two notifications of one entry is the only case this misses).
    const truncated = first > since.seq + 1;
    deps.metrics.replayRequests.inc({ outcome: truncated ? 'truncated' : 'complete' });
    if (truncated) {
      client.sendUnnumbered(
        JSON.stringify({ type: 'replay_truncated', first_available: `${String(first)}:0` }),
        'replay_truncated',
      );
    }
    const from = Math.max(first, since.seq - deps.options.lookbackEntries);
    if (from <= last && !client.isClosed) {
      await replayRange(client, since, from, last, deps);
    }
    return truncated ? 'truncated' : 'complete';
  } finally {
    hub.finishReplay(client);
  }
}

async function replayRange(
  client: StreamClient,
  since: EventId,
  from: number,
  last: number,
  deps: { readonly log: StreamLog; readonly metrics: StreamingMetrics; readonly logger: Logger },
): Promise<void> {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  client.onClose(finish);
  let done = false;
  const follower = await deps.log.follow({ kind: 'seq', seq: from }, async (entry) => {
    if (done || client.isClosed || entry.seq > last) {
      done = true;
      finish();
      return;
    }
    if (mayConcern(entry, client.subscription, client.tracker.norms)) {
      const parsed = parseStreamEntry(entry);
      if (parsed.ok) {
        client.deliver(parsed.entry, undefined, since);
      } else {
        deps.metrics.invalidEntries.inc();
      }
    } else {
      client.advanceTo(entry.seq);
    }
    if (entry.seq >= last) {
      done = true;
      finish();
      return;
    }
    // Back-pressure: the replay reads the log no faster than the client reads the socket.
    await client.roomAvailable();
  });
  try {
    await finished;
  } finally {
    // Never from inside onEntry: closing waits for the delivery in progress.
    await follower.close();
  }
}
