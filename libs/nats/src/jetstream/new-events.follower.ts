import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { type z } from 'zod';
import { ConsumeSupervisor } from './consume.supervisor';
import {
  type DurableEvents,
  ensureStream,
  followNewEvents,
  type StreamSpec,
} from './jetstream.helpers';

export interface NewEventsFollowerOptions {
  /** The stream, ensured before each follow: one lost with NATS's store is created again. */
  stream: StreamSpec;
  filterSubject: string;
  /** What the logs call it (`txs.decoded follower`). */
  name: string;
  /** Called for every event, and once each time it follows again after a loss. */
  wake: () => void;
  /** Each pull waits this long (default 5 s: heartbeats every 2.5 s, silence noticed in ~10 s). */
  pullExpiresMs?: number;
}

/** One follow; `lost` is aborted when followNewEvents reports it cannot go on. */
interface Follow<T> {
  readonly events: DurableEvents<T>;
  readonly lost: AbortController;
}

const PULL_EXPIRES_MS = 5000;

/**
 * Follows the events published from now on as wake-up hints, and keeps following: when the stream or
 * the consumer is gone (NATS restarted without its store, the stream deleted by an operator) or the
 * server stopped answering, it ensures the stream and follows again with a bounded backoff
 * (ConsumeSupervisor: one follow at a time, one warn per outage, one info at its end). Nothing missed
 * meanwhile is replayed: the caller's truth is elsewhere (PostgreSQL, the chain) and its own poll runs
 * regardless, so one wake() once it follows again covers the gap.
 */
export class NewEventsFollower<T> {
  private readonly supervisor: ConsumeSupervisor<Follow<T>>;
  private starting: Promise<boolean> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly schema: z.ZodType<T>,
    private readonly options: NewEventsFollowerOptions,
    private readonly logger: Logger,
  ) {
    this.supervisor = new ConsumeSupervisor(
      nc,
      {
        open: () => this.open(),
        run: (follow, stopped) => this.run(follow, stopped),
        discard: (follow) => follow.events.close(),
        onRecovered: () => {
          options.wake();
        },
      },
      logger,
      {
        lost: `${options.name} lost: following again, polling meanwhile`,
        recovered: `${options.name} following again`,
        notOpened: `${options.name} not following yet`,
      },
    );
  }

  /**
   * Follows at once if it can, otherwise keeps trying in the background (never throws): answers
   * whether it follows now.
   */
  start(): Promise<boolean> {
    this.starting ??= this.open().then(
      (first) => {
        this.supervisor.start(first);
        return true;
      },
      (error: unknown) => {
        this.supervisor.startLost(String(error));
        return false;
      },
    );
    return this.starting;
  }

  /** Ends the follow and any retry at once. */
  async stop(): Promise<void> {
    const stopping = this.supervisor.stop();
    // A first open still under way is closed as soon as it completes.
    await this.starting;
    await this.supervisor.stop();
    await stopping;
  }

  private async open(): Promise<Follow<T>> {
    const { stream, filterSubject, name } = this.options;
    await ensureStream(this.nc, stream);
    const lost = new AbortController();
    const events = await followNewEvents(
      this.nc,
      {
        stream: stream.name,
        filterSubject,
        pullExpiresMs: this.options.pullExpiresMs ?? PULL_EXPIRES_MS,
        onLost: (reason) => {
          lost.abort(reason);
        },
      },
      this.schema,
      (subject, seq, error) => {
        this.logger.warn({ subject, seq, err: String(error) }, `${name}: invalid event skipped`);
      },
    );
    return { events, lost };
  }

  /** Wakes the caller on each event until the follow is lost or stopped; answers why it ended. */
  private async run(follow: Follow<T>, stopped: AbortSignal): Promise<string> {
    const { events, lost } = follow;
    // An iterator waiting for the next event is woken by closing it.
    const end = (): void => {
      void events.close();
    };
    stopped.addEventListener('abort', end, { once: true });
    lost.signal.addEventListener('abort', end, { once: true });
    if (stopped.aborted || lost.signal.aborted) {
      end();
    }
    try {
      for await (const _event of events) {
        this.options.wake();
      }
      return lost.signal.aborted ? String(lost.signal.reason) : 'the follow ended';
    } catch (error) {
      return lost.signal.aborted ? String(lost.signal.reason) : String(error);
    } finally {
      stopped.removeEventListener('abort', end);
      lost.signal.removeEventListener('abort', end);
      await events.close();
    }
  }
}
