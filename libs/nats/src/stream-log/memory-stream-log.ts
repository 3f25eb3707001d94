import { type StreamSubject } from '@app/contracts';
import {
  type AppendOptions,
  type StreamFollower,
  type StreamLog,
  type StreamLogEntry,
  type StreamLogStart,
} from './stream-log';

export interface MemoryStreamLogOptions {
  /** The replay window: entries older than this are dropped. */
  readonly retentionMs: number;
  /** At most this many entries are kept (oldest dropped first). */
  readonly maxEntries: number;
  /** How long a msgId de-duplicates (JetStream's default duplicate window is 2 minutes). */
  readonly duplicateWindowMs?: number;
}

interface StoredEntry extends StreamLogEntry {
  readonly at: number;
}

interface Follower {
  /** The next seq this follower is owed. */
  next: number;
  readonly onEntry: (entry: StreamLogEntry) => void | Promise<void>;
  closed: boolean;
  running: boolean;
  /** The last delivery loop (awaited by close). */
  pumping: Promise<void> | undefined;
}

const DEFAULT_DUPLICATE_WINDOW_MS = 120_000;

/**
 * The StreamLog of a single process without NATS: a bounded ring with JetStream's semantics (dense
 * sequences from 1, msgId de-duplication within a window, followers from a seq or from now, each
 * delivered in order and awaited one entry at a time).
 */
export class MemoryStreamLog implements StreamLog {
  private readonly entries: StoredEntry[] = [];
  private lastSeq = 0;
  private readonly seenIds = new Map<string, { seq: number; at: number }>();
  private readonly followers = new Set<Follower>();

  constructor(private readonly options: MemoryStreamLogOptions) {}

  append(
    subject: StreamSubject,
    payload: unknown,
    msgId: string,
    options: AppendOptions = {},
  ): Promise<number> {
    const now = Date.now();
    this.expire(now);
    const seen = this.seenIds.get(msgId);
    if (seen !== undefined) {
      return Promise.resolve(seen.seq);
    }
    // A JSON round trip, as over the wire, unless the producer gave the payload up: followers never
    // share an object the producer may still change.
    const copy: unknown =
      options.handedOver === true ? payload : JSON.parse(options.json ?? JSON.stringify(payload));
    this.lastSeq += 1;
    this.entries.push({
      seq: this.lastSeq,
      subject,
      payload: copy,
      at: now,
      ...(options.checked === true ? { checked: true } : {}),
    });
    this.seenIds.set(msgId, { seq: this.lastSeq, at: now });
    while (this.entries.length > this.options.maxEntries) {
      this.entries.shift();
    }
    for (const follower of this.followers) {
      this.pump(follower);
    }
    return Promise.resolve(this.lastSeq);
  }

  follow(
    start: StreamLogStart,
    onEntry: (entry: StreamLogEntry) => void | Promise<void>,
  ): Promise<StreamFollower> {
    const follower: Follower = {
      next: start.kind === 'new' ? this.lastSeq + 1 : Math.max(1, start.seq),
      onEntry,
      closed: false,
      running: false,
      pumping: undefined,
    };
    this.followers.add(follower);
    this.pump(follower);
    return Promise.resolve({
      close: async () => {
        follower.closed = true;
        this.followers.delete(follower);
        await follower.pumping;
      },
    });
  }

  bounds(): Promise<{ readonly first: number; readonly last: number }> {
    this.expire(Date.now());
    return Promise.resolve({ first: this.entries[0]?.seq ?? this.lastSeq + 1, last: this.lastSeq });
  }

  async close(): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const follower of this.followers) {
      follower.closed = true;
      if (follower.pumping !== undefined) {
        pending.push(follower.pumping);
      }
    }
    this.followers.clear();
    await Promise.all(pending);
  }

  /** Delivers what `follower` is owed, one entry at a time; at most one loop per follower. */
  private pump(follower: Follower): void {
    if (follower.running || follower.closed) {
      return;
    }
    follower.running = true;
    follower.pumping = this.drain(follower)
      .catch(() => {
        // The entry counts as delivered: a follower that throws has to handle its own failure.
      })
      .finally(() => {
        follower.running = false;
      })
      .then(() => {
        // An append during the last await may have come after the loop's final check.
        if (!follower.closed && this.entryAtOrAfter(follower.next) !== undefined) {
          this.pump(follower);
        }
      });
  }

  private async drain(follower: Follower): Promise<void> {
    for (;;) {
      const entry = follower.closed ? undefined : this.entryAtOrAfter(follower.next);
      if (entry === undefined) {
        return;
      }
      follower.next = entry.seq + 1;
      await follower.onEntry({
        seq: entry.seq,
        subject: entry.subject,
        payload: entry.payload,
        ...(entry.checked === true ? { checked: true } : {}),
      });
    }
  }

  /** The first retained entry with `seq >= seq` (a follower behind the ring skips what was dropped). */
  private entryAtOrAfter(seq: number): StoredEntry | undefined {
    const first = this.entries[0];
    if (first === undefined || seq > this.lastSeq) {
      return undefined;
    }
    return this.entries[Math.max(0, seq - first.seq)];
  }

  private expire(now: number): void {
    const oldest = now - this.options.retentionMs;
    while (this.entries.length > 0 && (this.entries[0]?.at ?? now) < oldest) {
      this.entries.shift();
    }
    const window = this.options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
    for (const [id, seen] of this.seenIds) {
      if (seen.at >= now - window) {
        break;
      }
      this.seenIds.delete(id);
    }
  }
}
