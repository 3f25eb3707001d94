import { type TxsDecodedEvent, Subjects } from '@app/contracts';
import { ensureStream, publishEvent } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type TxsDecodedPublisher } from './txs-decoded.publisher';

/** The JetStream stream of chain events (the ingestor's CHAIN_EVENTS_STREAM, `ton.evt.v1.>`). */
export const CHAIN_EVENTS_STREAM = 'TON_EVENTS';

/**
 * Publishes to JetStream with `Nats-Msg-Id = txs.decoded:<mc_seqno>` (as the ingestor does for
 * block.indexed), so a publish retried after a lost ack, or repeated after a restart that decodes the
 * block again, is stored once within the stream's duplicate window.
 */
export class JetStreamTxsDecodedPublisher implements TxsDecodedPublisher {
  private streamReady: Promise<unknown> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string = Subjects.evt.txsDecoded,
    private readonly stream: string = CHAIN_EVENTS_STREAM,
  ) {}

  async publish(event: TxsDecodedEvent): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: this.stream,
      subjects: [this.subject.replace(/txs\.decoded$/, '>')],
    }).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    await publishEvent(this.nc, this.subject, event, {
      msgId: `txs.decoded:${String(event.mc_seqno)}`,
    });
  }
}
