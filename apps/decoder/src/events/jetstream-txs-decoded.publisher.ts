import { ChainEventsStream, prefixSubject, Subjects, type TxsDecodedEvent } from '@app/contracts';
import { ensureStream, publishEvent } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type TxsDecodedPublisher } from './txs-decoded.publisher';

/**
 * Publishes to JetStream with `Nats-Msg-Id = txs.decoded:<mc_seqno>` (as the ingestor does for
 * block.indexed), so a publish retried after a lost ack, or repeated after a restart that decodes the
 * block again, is stored once within the stream's duplicate window.
 */
export class JetStreamTxsDecodedPublisher implements TxsDecodedPublisher {
  private streamReady: Promise<unknown> | undefined;
  private readonly subject: string;

  /** `subjectPrefix` and `stream` isolate a test run on a shared server (prefixSubject). */
  constructor(
    private readonly nc: NatsConnection,
    private readonly subjectPrefix = '',
    private readonly stream: string = ChainEventsStream.name,
  ) {
    this.subject = prefixSubject(subjectPrefix, Subjects.evt.txsDecoded);
  }

  async publish(event: TxsDecodedEvent): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: this.stream,
      subjects: [prefixSubject(this.subjectPrefix, ChainEventsStream.subjects)],
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
