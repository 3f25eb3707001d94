import { BlockIndexedEvent, ChainEventsStream, Subjects } from '@app/contracts';
import {
  ABORTED,
  ConsumeSupervisor,
  consumeDurable,
  type DurableEvents,
  ensureStream,
  unlessAborted,
} from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { BlockIndexedResumePoint } from './block-indexed.resume-point';
import { type DecoderWorker } from './decoder-worker';

const DURABLE = 'decoder';
/** Each pull waits this long: heartbeats every 2.5 s, so a vanished consumer is noticed in seconds. */
const PULL_EXPIRES_MS = 5000;

/** What the listener needs of the worker: to be woken, and to know when a block is decoded. */
export type WakeableWorker = Pick<DecoderWorker, 'wake' | 'waitForSeqno'>;

/** One consume of the durable; `ended` is aborted when it is lost or the listener stops. */
interface Session {
  readonly events: DurableEvents<BlockIndexedEvent>;
  readonly ended: AbortController;
}

/**
 * Consumes `ton.evt.v1.block.indexed` with a durable pull consumer: each event wakes the worker and is
 * acknowledged once the worker has committed that masterchain block (or further), so an event is
 * redelivered if the decoder dies before decoding what it announced.
 *
 * It keeps itself running (ConsumeSupervisor): when the consume ends without stop() (NATS restarted
 * without its store, the stream or the consumer deleted, an ack that failed), it ensures the stream
 * and the consumer again with a bounded backoff (250 ms doubling to 5 s), from where the lost consumer
 * was (BlockIndexedResumePoint). Only one consume runs at a time: the old one is closed before the
 * next is created, so no two pull on the same durable. Meanwhile the worker, woken once, polls
 * PostgreSQL as without NATS.
 */
export class BlockIndexedListener {
  private readonly resume = new BlockIndexedResumePoint();
  private readonly supervisor: ConsumeSupervisor<Session>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly worker: WakeableWorker,
    private readonly logger: Logger,
  ) {
    this.supervisor = new ConsumeSupervisor(
      nc,
      {
        open: () => this.open(),
        run: (session, stopped) => this.consume(session, stopped),
        discard: (session) => session.events.close(),
        // Whatever was announced while the consumer was away is decoded by the worker's own polling.
        onLost: () => {
          this.worker.wake();
        },
      },
      logger,
      {
        lost: 'block.indexed consumer lost: creating it again, the decoder polls meanwhile',
        recovered: 'block.indexed consumer created again',
        notOpened: 'block.indexed consumer not created yet',
      },
    );
  }

  /** Creates the first consumer (a failure here fails the boot) and supervises it from then on. */
  async start(): Promise<void> {
    this.supervisor.start(await this.open());
  }

  /** Ends the consume and any retry at once; an event being handled is left to redelivery. */
  async stop(): Promise<void> {
    await this.supervisor.stop();
  }

  private async open(): Promise<Session> {
    const stream = await ensureStream(this.nc, {
      name: ChainEventsStream.name,
      subjects: [ChainEventsStream.subjects],
    });
    this.resume.stream(stream.created);
    const ended = new AbortController();
    const startSeq = this.resume.startSeq();
    const events = await consumeDurable(
      this.nc,
      {
        stream: ChainEventsStream.name,
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

  /** Runs one consume to its end (lost, or `stopped`) and closes it; answers why it ended. */
  private async consume(session: Session, stopped: AbortSignal): Promise<string> {
    const { events, ended } = session;
    // An iterator waiting for the next event is woken by closing it.
    const onEnded = (): void => {
      void events.close();
    };
    const onStopped = (): void => {
      ended.abort('stopped');
    };
    stopped.addEventListener('abort', onStopped, { once: true });
    if (stopped.aborted) {
      onStopped();
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
      stopped.removeEventListener('abort', onStopped);
      ended.signal.removeEventListener('abort', onEnded);
      // The loop has left the iterator, which closed the consume: this resolves at once.
      await events.close();
    }
  }
}
