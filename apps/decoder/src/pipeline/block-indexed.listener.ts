import { setTimeout as sleep } from 'node:timers/promises';
import { BlockIndexedEvent, Subjects } from '@app/contracts';
import { consumeDurable, type DurableEvents, ensureStream } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { BlockIndexedResumePoint } from './block-indexed.resume-point';
import { type DecoderWorker } from './decoder-worker';

/** The JetStream stream the ingestor publishes to (apps/ingestor's CHAIN_EVENTS_STREAM). */
const STREAM = 'TON_EVENTS';
const DURABLE = 'decoder';
/** Each pull waits this long: heartbeats every 2.5 s, so a vanished consumer is noticed in seconds. */
const PULL_EXPIRES_MS = 5000;
/** Delay before creating the consumer again: doubles from the first to the last. */
const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 5000;

/** What the listener needs of the worker: to be woken, and to know when a block is decoded. */
export type WakeableWorker = Pick<DecoderWorker, 'wake' | 'waitForSeqno'>;

/** One consume of the durable; `ended` is aborted when it is lost or the listener stops. */
interface Session {
  readonly events: DurableEvents<BlockIndexedEvent>;
  readonly ended: AbortController;
}

const ABORTED = Symbol('aborted');

/** Settles as `work`, or to ABORTED once `signal` is aborted (a later rejection is then ignored). */
async function unlessAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
): Promise<T | typeof ABORTED> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return ABORTED;
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => {
      work.catch(() => undefined);
      resolve(ABORTED);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    if (onAbort !== undefined) {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * Consumes `ton.evt.v1.block.indexed` with a durable pull consumer: each event wakes the worker and is
 * acknowledged once the worker has committed that masterchain block (or further), so an event is
 * redelivered if the decoder dies before decoding what it announced.
 *
 * It keeps itself running: when the consume ends without stop() (NATS restarted without its store,
 * the stream or the consumer deleted, an ack that failed), it ensures the stream and the consumer
 * again with a bounded backoff, from where the lost consumer was (BlockIndexedResumePoint). Only one
 * consume runs at a time: the old one is closed before the next is created, so no two pull on the same
 * durable. Meanwhile the worker, woken once, polls PostgreSQL as without NATS.
 */
export class BlockIndexedListener {
  private readonly stopping = new AbortController();
  private readonly resume = new BlockIndexedResumePoint();
  private session: Session | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly worker: WakeableWorker,
    private readonly logger: Logger,
  ) {}

  /** Creates the first consumer (a failure here fails the boot) and supervises it from then on. */
  async start(): Promise<void> {
    const first = await this.open();
    this.running = this.supervise(first);
  }

  /** Ends the consume and any retry at once; an event being handled is left to redelivery. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.session?.ended.abort('stopped');
    await this.running;
  }

  private async open(): Promise<Session> {
    const stream = await ensureStream(this.nc, { name: STREAM, subjects: ['ton.evt.v1.>'] });
    this.resume.stream(stream.created);
    const ended = new AbortController();
    const startSeq = this.resume.startSeq();
    const events = await consumeDurable(
      this.nc,
      {
        stream: STREAM,
        durable: DURABLE,
        filterSubject: Subjects.evt.blockIndexed,
        pullExpiresMs: PULL_EXPIRES_MS,
        ...(startSeq === undefined ? {} : { startSeq }),
        onLost: (reason) => {
          ended.abort(reason);
        },
      },
      BlockIndexedEvent,
      (subject, seq, error) => {
        this.logger.warn(
          { subject, seq, err: String(error) },
          'invalid block.indexed event dropped',
        );
      },
    );
    return { events, ended };
  }

  private async supervise(first: Session): Promise<void> {
    let session: Session | undefined = first;
    let attempt = 0;
    let lostAt: number | undefined;
    const stopped = this.stopping.signal;
    while (!this.stopped()) {
      if (session === undefined) {
        const opening = this.open();
        const opened = await unlessAborted(opening, stopped).catch((error: unknown) => {
          this.logger.debug({ err: String(error) }, 'block.indexed consumer not created yet');
          return undefined;
        });
        session = opened === ABORTED ? undefined : opened;
        if (this.stopped()) {
          // Created after stop(): close it (never iterated, so its close is not awaited).
          void opening.then((late) => late.events.close()).catch(() => undefined);
          break;
        }
        if (session === undefined) {
          if (this.nc.isClosed()) {
            break;
          }
          await this.pause(attempt++);
          continue;
        }
        if (lostAt !== undefined) {
          this.logger.info(
            { outageMs: Date.now() - lostAt },
            'block.indexed consumer created again',
          );
          lostAt = undefined;
        }
      }
      const began = Date.now();
      const reason = await this.consume(session);
      session = undefined;
      // A closed connection never comes back: whoever closed it is shutting the decoder down.
      if (this.stopped() || this.nc.isClosed()) {
        break;
      }
      // A consume that ran a while was a recovery: the next loss starts the backoff again.
      if (Date.now() - began > BACKOFF_MAX_MS) {
        attempt = 0;
      }
      if (lostAt === undefined) {
        lostAt = Date.now();
        this.logger.warn(
          { reason },
          'block.indexed consumer lost: creating it again, the decoder polls meanwhile',
        );
      }
      // Whatever was announced while the consumer was away is decoded by the worker's own polling.
      this.worker.wake();
      await this.pause(attempt++);
    }
  }

  /** Runs one consume to its end and closes it; answers why it ended. */
  private async consume(session: Session): Promise<string> {
    this.session = session;
    const { events, ended } = session;
    // An iterator waiting for the next event is woken by closing it.
    const onEnded = (): void => {
      void events.close();
    };
    if (this.stopping.signal.aborted) {
      ended.abort('stopped');
    }
    if (ended.signal.aborted) {
      onEnded();
    } else {
      ended.signal.addEventListener('abort', onEnded, { once: true });
    }
    try {
      for await (const delivery of events) {
        if (ended.signal.aborted) {
          break;
        }
        this.resume.delivered(delivery.seq);
        this.worker.wake();
        const decoded = await unlessAborted(
          this.worker.waitForSeqno(delivery.payload.mc_seqno),
          ended.signal,
        );
        if (decoded === ABORTED) {
          // Not acknowledged: redelivered later, or from the resume point by the next consumer.
          break;
        }
        if (!decoded) {
          delivery.nak(1000);
          continue;
        }
        if ((await unlessAborted(delivery.ack(), ended.signal)) === ABORTED) {
          break;
        }
        this.resume.acked(delivery.seq);
      }
      return ended.signal.aborted ? String(ended.signal.reason) : 'the consume ended';
    } catch (error) {
      return String(error);
    } finally {
      ended.signal.removeEventListener('abort', onEnded);
      this.session = undefined;
      // The loop has left the iterator, which closed the consume: this resolves at once.
      await events.close();
    }
  }

  /** A call, not a property read: the stop comes while the loop awaits. */
  private stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Waits the backoff of `attempt` (250 ms doubling to 5 s), or less if stop() comes first. */
  private async pause(attempt: number): Promise<void> {
    const ms = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 16));
    await sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
  }
}
