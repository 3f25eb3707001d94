import { BlockIndexedEvent, Subjects } from '@app/contracts';
import { consumeDurable, type DurableEvents, ensureStream } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { type DecoderWorker } from './decoder-worker';

/** The JetStream stream the ingestor publishes to (apps/ingestor's CHAIN_EVENTS_STREAM). */
const STREAM = 'TON_EVENTS';
const DURABLE = 'decoder';

/**
 * Consumes `ton.evt.v1.block.indexed` with a durable pull consumer: each event wakes the worker and is
 * acknowledged once the worker has committed that masterchain block (or further), so an event is
 * redelivered if the decoder dies before decoding what it announced.
 */
export class BlockIndexedListener {
  private events: DurableEvents<BlockIndexedEvent> | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly worker: DecoderWorker,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await ensureStream(this.nc, { name: STREAM, subjects: ['ton.evt.v1.>'] });
    this.events = await consumeDurable(
      this.nc,
      { stream: STREAM, durable: DURABLE, filterSubject: Subjects.evt.blockIndexed },
      BlockIndexedEvent,
      (subject, seq, error) => {
        this.logger.warn(
          { subject, seq, err: String(error) },
          'invalid block.indexed event dropped',
        );
      },
    );
    const events = this.events;
    this.running = (async () => {
      for await (const delivery of events) {
        this.worker.wake();
        const decoded = await this.worker.waitForSeqno(delivery.payload.mc_seqno);
        if (decoded) {
          await delivery.ack();
        } else {
          delivery.nak(1000);
        }
      }
    })().catch((error: unknown) => {
      this.logger.warn({ err: String(error) }, 'block.indexed consumer stopped');
    });
  }

  async stop(): Promise<void> {
    await this.events?.close();
    await this.running;
  }
}
