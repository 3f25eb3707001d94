import { ChainEventsStream, type EventSubject, prefixSubject } from '@app/contracts';
import { type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, publishEvent } from './jetstream.helpers';

/**
 * Publishes one event of the chain events stream (ChainEventsStream) per masterchain block, with
 * `Nats-Msg-Id = <msgIdPrefix>:<mc_seqno>`: a publish retried after a lost ack, or repeated after a
 * restart that handles the block again, is stored once within the stream's duplicate window. The
 * stream is created on first use, with every chain event subject (a stream made with fewer would
 * refuse the other events).
 */
export class ChainEventPublisher<T extends { mc_seqno: number }> {
  private streamReady: Promise<unknown> | undefined;
  private readonly subject: string;

  /** `subjectPrefix` and `stream` isolate a test run on a shared server (prefixSubject). */
  constructor(
    private readonly nc: NatsConnection,
    event: EventSubject,
    private readonly msgIdPrefix: string,
    private readonly subjectPrefix = '',
    private readonly stream: string = ChainEventsStream.name,
  ) {
    this.subject = prefixSubject(subjectPrefix, event);
  }

  async publish(event: T): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: this.stream,
      subjects: [prefixSubject(this.subjectPrefix, ChainEventsStream.subjects)],
    }).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    await publishEvent(this.nc, this.subject, event, {
      msgId: `${this.msgIdPrefix}:${String(event.mc_seqno)}`,
    });
  }
}
