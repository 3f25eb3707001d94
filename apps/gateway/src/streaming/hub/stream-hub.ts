import { type StreamFollower, type StreamLog, type StreamLogEntry } from '@app/nats';
import { type Logger } from 'pino';
import { FrameMemo } from '../connection/frame-memo';
import { StreamClient, type StreamClientInit } from '../connection/stream-client';
import { type DerivationMemo } from '../derivation/derive-notifications';
import { emittedAt, type ParsedStreamEntry, parseStreamEntry } from '../derivation/stream-entry';
import { type StreamingMetrics } from '../streaming.metrics';
import { type Subscription } from '../subscription/subscription';
import { ClientIndex } from './client-index';

/**
 * The replica's single follower of the stream log and its fan-out: each entry is parsed once with its
 * contract schema, the interested clients are found through the index, and each derives its own
 * notifications (sharing the JSON built for the entry and the encoded frames). The follower starts
 * with the first client (or at boot) from the log's current end, and is never blocked by a client:
 * clients queue, and a client that cannot keep up is disconnected by its own queue.
 */
export class StreamHub {
  private readonly clients = new Set<StreamClient>();
  private readonly replaying = new Set<StreamClient>();
  private readonly index = new ClientIndex<StreamClient>();
  private follower: Promise<StreamFollower> | undefined;
  private stopped = false;
  private invalidWarnedAt = 0;

  constructor(
    private readonly log: StreamLog,
    private readonly metrics: StreamingMetrics,
    private readonly logger: Logger,
  ) {}

  get clientCount(): number {
    return this.clients.size;
  }

  /** Follows the log from its end; idempotent, retried by the next caller after a failure. */
  async start(): Promise<void> {
    if (this.stopped) {
      throw new Error('the stream hub is stopped');
    }
    this.follower ??= this.log
      .follow({ kind: 'new' }, (entry) => {
        this.dispatch(entry);
      })
      .catch((error: unknown) => {
        this.follower = undefined;
        throw error;
      });
    await this.follower;
  }

  /** A client wired to the hub's index of open traces (for `trace_invalidated`). */
  createClient(init: Omit<StreamClientInit, 'trackerHooks'>): StreamClient {
    const client: StreamClient = new StreamClient({
      ...init,
      trackerHooks: {
        opened: (norm) => {
          this.index.openTrace(norm, client);
        },
        closed: (norm) => {
          this.index.closeTrace(norm, client);
        },
      },
    });
    return client;
  }

  /** Starts delivering live entries to `client` (the follower is started first). */
  async register(client: StreamClient): Promise<void> {
    await this.start();
    if (client.isClosed || this.clients.has(client)) {
      return;
    }
    this.clients.add(client);
    this.index.resubscribe(client, undefined, client.subscription);
    this.metrics.connections.inc({ transport: client.transport.kind });
    this.metrics.subscribedAddresses.inc(client.subscription.addresses.size);
    client.onClose(() => {
      this.unregister(client);
    });
  }

  /** Replaces `client`'s subscription, index included. */
  resubscribe(client: StreamClient, next: Subscription): void {
    if (this.clients.has(client)) {
      this.index.resubscribe(client, client.subscription, next);
      this.metrics.subscribedAddresses.inc(
        next.addresses.size - client.subscription.addresses.size,
      );
    }
    client.setSubscription(next);
  }

  /**
   * Live entries for `client` are buffered until finishReplay. Meanwhile it is offered every
   * `trace_invalidated`: the replay may open a trace only after the live invalidation went by.
   */
  beginReplay(client: StreamClient): void {
    client.beginReplay();
    this.replaying.add(client);
  }

  finishReplay(client: StreamClient): void {
    this.replaying.delete(client);
    client.finishReplay();
  }

  /** Ends every connection (the app is closing) and stops following. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const client of [...this.clients]) {
      client.close();
    }
    const follower = this.follower;
    this.follower = undefined;
    if (follower !== undefined) {
      await (await follower.catch(() => undefined))?.close();
    }
  }

  private unregister(client: StreamClient): void {
    if (!this.clients.delete(client)) {
      return;
    }
    this.replaying.delete(client);
    this.index.resubscribe(client, client.subscription, undefined);
    this.metrics.connections.dec({ transport: client.transport.kind });
    this.metrics.subscribedAddresses.dec(client.subscription.addresses.size);
  }

  private dispatch(entry: StreamLogEntry): void {
    const parsed = parseStreamEntry(entry);
    if (!parsed.ok) {
      this.metrics.invalidEntries.inc();
      if (Date.now() - this.invalidWarnedAt >= 10_000) {
        // One line per 10 s at most: a broken producer must not flood the log.
        this.invalidWarnedAt = Date.now();
        this.logger.warn(
          { seq: entry.seq, subject: entry.subject, error: parsed.error.slice(0, 500) },
          'stream entry skipped: payload does not match its contract',
        );
      }
      return;
    }
    const lagMs = Date.now() - emittedAt(parsed.entry);
    this.metrics.eventLag.observe(Math.max(0, lagMs) / 1000);
    const memo: DerivationMemo = new Map();
    const frames = new FrameMemo();
    for (const client of this.candidates(parsed.entry)) {
      try {
        client.acceptLive(parsed.entry, memo, frames);
      } catch (error: unknown) {
        this.logger.error({ err: error, seq: entry.seq }, 'stream notification derivation failed');
        client.close('internal error');
      }
    }
  }

  private candidates(entry: ParsedStreamEntry): Set<StreamClient> {
    const out = new Set<StreamClient>();
    switch (entry.kind) {
      case 'trace':
        this.index.byAddresses(entry.facts.accounts, out);
        this.index.byNorm(entry.payload.trace_external_hash_norm, out);
        break;
      case 'accountState':
        this.index.byAddresses([entry.payload.account], out);
        break;
      case 'jettons':
        this.index.byAddresses([entry.payload.jetton.address, entry.payload.jetton.owner], out);
        break;
      case 'traceInvalidated':
        this.index.byOpen(entry.payload.trace_external_hash_norm, out);
        for (const client of this.replaying) {
          out.add(client);
        }
        break;
    }
    return out;
  }
}
