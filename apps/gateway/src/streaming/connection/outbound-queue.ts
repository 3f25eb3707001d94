import { type StreamTransport } from './stream-transport';

/** What a queued frame is, for the sent/dropped metrics (only notifications are counted). */
export type FrameKind = string | null;

interface Frame {
  /** A string, or the bytes a FrameMemo encoded once for every client of an entry. */
  readonly data: string | Buffer;
  readonly bytes: number;
  readonly kind: FrameKind;
}

export interface QueueLimits {
  readonly maxMessages: number;
  readonly maxBytes: number;
}

/**
 * Bytes handed to the socket and not yet flushed: above it frames wait in the queue. A client that
 * does not read stops the socket from flushing, so its frames stay here, counted against the limits.
 */
const IN_FLIGHT_BYTES = 64 * 1024;

export interface OutboundQueueEvents {
  /** A notification of `kind` reached the socket. */
  sent(kind: string): void;
  /** The queue is over its limits: `dropped` lists the kinds of the frames thrown away. */
  overflow(dropped: readonly FrameKind[]): void;
}

/**
 * One connection's outgoing frames, bounded in count and bytes ("a slow consumer is told
 * and disconnected, never allowed to grow memory"). Frames are written while less than 64 KiB is in
 * flight; the rest waits, and a push beyond the limits empties the queue and reports an overflow.
 */
export class OutboundQueue {
  private frames: Frame[] = [];
  private head = 0;
  private queuedBytes = 0;
  private inFlight = 0;
  private stopped = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly transport: StreamTransport,
    private readonly limits: QueueLimits,
    private readonly events: OutboundQueueEvents,
  ) {}

  get length(): number {
    return this.frames.length - this.head;
  }

  get bytes(): number {
    return this.queuedBytes;
  }

  /** Queues a frame; false when it did not fit (the queue then reported an overflow). */
  push(data: string | Buffer, kind: FrameKind): boolean {
    if (this.stopped) {
      return false;
    }
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    // One frame larger than the byte limit still goes out when nothing waits before it.
    const overBytes = this.length > 0 && this.queuedBytes + bytes > this.limits.maxBytes;
    if (this.length + 1 > this.limits.maxMessages || overBytes) {
      const dropped = [...this.frames.slice(this.head).map((f) => f.kind), kind];
      this.stop();
      this.events.overflow(dropped);
      return false;
    }
    this.frames.push({ data, bytes, kind });
    this.queuedBytes += bytes;
    this.pump();
    return true;
  }

  /** Resolves once the queue is at most half full (or stopped): back-pressure for a replay. */
  roomAvailable(): Promise<void> {
    if (this.hasRoom()) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiters.push(resolve);
    });
  }

  /** Discards what is queued; nothing more is written. */
  stop(): void {
    this.stopped = true;
    this.frames = [];
    this.head = 0;
    this.queuedBytes = 0;
    this.wake();
  }

  private hasRoom(): boolean {
    return (
      this.stopped ||
      (this.length * 2 <= this.limits.maxMessages && this.queuedBytes * 2 <= this.limits.maxBytes)
    );
  }

  private pump(): void {
    while (!this.stopped && this.inFlight < IN_FLIGHT_BYTES && this.head < this.frames.length) {
      const frame = this.frames[this.head];
      this.head += 1;
      if (frame === undefined) {
        break;
      }
      this.queuedBytes -= frame.bytes;
      this.inFlight += frame.bytes;
      if (this.head > 1024 && this.head * 2 > this.frames.length) {
        this.frames = this.frames.slice(this.head);
        this.head = 0;
      }
      this.transport.write(frame.data, () => {
        this.inFlight -= frame.bytes;
        if (frame.kind !== null) {
          this.events.sent(frame.kind);
        }
        this.pump();
      });
    }
    this.wake();
  }

  private wake(): void {
    if (this.waiters.length === 0 || !this.hasRoom()) {
      return;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) {
      resolve();
    }
  }
}
