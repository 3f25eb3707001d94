import { type BlockIndexedEvent, ChainEventsStream, prefixSubject, Subjects } from '@app/contracts';
import { ensureStream, publishEvent } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type BlockIndexedPublisher } from './block-indexed.publisher';

/**
 * Publishes to JetStream with `Nats-Msg-Id = block.indexed:<mc_seqno>`, so a publish retried after a
 * lost ack, or repeated after a restart, is stored once (within the stream's duplicate window).
 */
export class JetStreamBlockIndexedPublisher implements BlockIndexedPublisher {
  private streamReady: Promise<unknown> | undefined;
  private readonly subject: string;

  /** `subjectPrefix` and `stream` isolate a test run on a shared server (prefixSubject). */
  constructor(
    private readonly nc: NatsConnection,
    private readonly subjectPrefix = '',
    private readonly stream: string = ChainEventsStream.name,
  ) {
    this.subject = prefixSubject(subjectPrefix, Subjects.evt.blockIndexed);
  }

  async publish(event: BlockIndexedEvent): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: this.stream,
      subjects: [prefixSubject(this.subjectPrefix, ChainEventsStream.subjects)],
    }).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    await publishEvent(this.nc, this.subject, event, {
      msgId: `block.indexed:${String(event.mc_seqno)}`,
    });
  }
}
