import { type DerivationMemo, deriveNotifications } from '../derivation/derive-notifications';
import { type ParsedStreamEntry } from '../derivation/stream-entry';
import { TraceTracker, type TraceTrackerHooks } from '../derivation/trace-tracker';
import { type EventId, formatEventId, isAtOrBefore } from '../replay/event-id';
import { type StreamingMetrics } from '../streaming.metrics';
import { type Subscription } from '../subscription/subscription';
import { type FrameMemo } from './frame-memo';
import { OutboundQueue, type QueueLimits } from './outbound-queue';
import { type StreamFraming } from './stream-framing';
import { type StreamTransport } from './stream-transport';

export interface StreamClientOptions extends QueueLimits {
  /** Traces kept open for `trace_invalidated` per client. */
  readonly maxOpenTraces: number;
}

export interface StreamClientInit {
  /** Unique and ordered by age (the connection limiter evicts the smallest). */
  readonly connId: string;
  /** Who the connection counts against: `key:<id>` or `ip:<address>`. */
  readonly identity: string;
  readonly transport: StreamTransport;
  readonly framing: StreamFraming;
  readonly subscription: Subscription;
  readonly options: StreamClientOptions;
  readonly metrics: StreamingMetrics;
  /** The hub's index of open traces, kept in step with this client's tracker. */
  readonly trackerHooks?: TraceTrackerHooks;
}

/**
 * One streaming connection: its subscription, the notifications derived for it from each log entry
 * (numbered `<seq>:<k>`), its bounded queue, and the replay hand-off (live entries buffered while the
 * log's history is replayed, then flushed past the last replayed one: no gap, no duplicate).
 */
export class StreamClient {
  readonly connId: string;
  readonly identity: string;
  readonly transport: StreamTransport;
  readonly tracker: TraceTracker;
  private current: Subscription;
  private readonly queue: OutboundQueue;
  private lastSeq = 0;
  private liveBuffer: ParsedStreamEntry[] | null = null;
  private closed = false;
  private readonly closeListeners: (() => void)[] = [];

  constructor(private readonly init: StreamClientInit) {
    this.connId = init.connId;
    this.identity = init.identity;
    this.transport = init.transport;
    this.current = init.subscription;
    this.tracker = new TraceTracker(init.options.maxOpenTraces, init.trackerHooks);
    this.queue = new OutboundQueue(init.transport, init.options, {
      sent: (kind) => {
        init.metrics.notificationsSent.inc({ type: kind });
      },
      overflow: (dropped) => {
        for (const kind of dropped) {
          if (kind !== null) {
            init.metrics.notificationsDropped.inc({ type: kind });
          }
        }
        init.metrics.slowConsumerDisconnects.inc({ transport: init.transport.kind });
        this.close(
          `slow consumer: more than ${String(init.options.maxMessages)} messages or ${String(init.options.maxBytes)} bytes waiting to be read`,
        );
      },
    });
  }

  get subscription(): Subscription {
    return this.current;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get isReplaying(): boolean {
    return this.liveBuffer !== null;
  }

  /** The last log entry this client's notifications were derived from. */
  get position(): number {
    return this.lastSeq;
  }

  setSubscription(subscription: Subscription): void {
    this.current = subscription;
  }

  /**
   * A live entry from the hub: buffered during a replay, else derived and queued (`memo` and
   * `frames` shared by every client of the entry).
   */
  acceptLive(entry: ParsedStreamEntry, memo: DerivationMemo, frames?: FrameMemo): void {
    if (this.closed || entry.seq <= this.lastSeq) {
      return;
    }
    if (this.liveBuffer !== null) {
      this.liveBuffer.push(entry);
      if (this.liveBuffer.length > this.init.options.maxMessages) {
        this.init.metrics.slowConsumerDisconnects.inc({ transport: this.transport.kind });
        this.close('slow consumer: the replay did not catch up with live events');
      }
      return;
    }
    this.deliver(entry, memo, undefined, frames);
  }

  /** Derives and queues `entry`'s notifications, leaving out those at or before `since`. */
  deliver(
    entry: ParsedStreamEntry,
    memo: DerivationMemo | undefined,
    since: EventId | undefined,
    frames?: FrameMemo,
  ): void {
    if (this.closed || entry.seq <= this.lastSeq) {
      return;
    }
    this.lastSeq = entry.seq;
    const notifications = deriveNotifications(entry, this.current, this.tracker, memo);
    for (let k = 0; k < notifications.length; k++) {
      const notification = notifications[k];
      if (
        notification === undefined ||
        (since !== undefined && isAtOrBefore(entry.seq, k, since))
      ) {
        continue;
      }
      const id = formatEventId({ seq: entry.seq, k });
      const frame =
        frames?.notification(this.init.framing, notification.json, id) ??
        this.init.framing.notification(notification.json, id);
      if (!this.queue.push(frame, notification.type)) {
        return;
      }
    }
  }

  /** Records that entry `seq` was read and gives this client nothing (a replay skipping it). */
  advanceTo(seq: number): void {
    if (seq > this.lastSeq) {
      this.lastSeq = seq;
    }
  }

  /** Starts buffering live entries (a replay is about to run). */
  beginReplay(): void {
    this.liveBuffer ??= [];
  }

  /** Ends the replay: the buffered live entries past the replayed ones are delivered in order. */
  finishReplay(): void {
    const buffered = this.liveBuffer ?? [];
    this.liveBuffer = null;
    for (const entry of buffered) {
      this.deliver(entry, undefined, undefined);
    }
  }

  /** A notification without a position (`replay_truncated`). */
  sendUnnumbered(json: string, kind: string): void {
    this.queue.push(this.init.framing.notification(json, undefined), kind);
  }

  /** An acknowledgement or error reply, in order with the notifications. */
  reply(json: string): void {
    this.queue.push(this.init.framing.reply(json), null);
  }

  keepalive(): void {
    if (this.init.framing.keepalive !== null) {
      this.queue.push(this.init.framing.keepalive, null);
    }
  }

  /** Resolves when the queue has room again (or the client is gone): replay back-pressure. */
  roomAvailable(): Promise<void> {
    return this.queue.roomAvailable();
  }

  onClose(listener: () => void): void {
    if (this.closed) {
      listener();
      return;
    }
    this.closeListeners.push(listener);
  }

  /**
   * Closes the connection; with `error`, that error is the last frame (`{"error": …}`). Called as
   * well when the peer went away, so it runs once.
   */
  close(error?: string): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.liveBuffer = null;
    this.queue.stop();
    this.tracker.clear();
    this.transport.close(
      error === undefined ? undefined : this.init.framing.closing(JSON.stringify({ error })),
    );
    for (const listener of this.closeListeners.splice(0)) {
      listener();
    }
  }
}
