import { type BlockIndexedEvent, Subjects } from '@app/contracts';
import { ensureStream, publishEvent } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type BlockIndexedPublisher } from './block-indexed.publisher';

/** The JetStream stream of chain events (`ton.evt.v1.>` under the deployment's subject prefix). */
export const CHAIN_EVENTS_STREAM = 'TON_EVENTS';

/**
 * Publishes to JetStream with `Nats-Msg-Id = block.indexed:<mc_seqno>`, so a publish retried after a
 * lost ack, or repeated after a restart, is stored once (within the stream's duplicate window).
 */
export class JetStreamBlockIndexedPublisher implements BlockIndexedPublisher {
  private streamReady: Promise<unknown> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string = Subjects.evt.blockIndexed,
    private readonly stream: string = CHAIN_EVENTS_STREAM,
  ) {}

  async publish(event: BlockIndexedEvent): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: this.stream,
      subjects: [this.subject.replace(/block\.indexed$/, '>')],
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
