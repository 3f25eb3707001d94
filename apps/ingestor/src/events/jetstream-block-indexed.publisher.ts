import { type BlockIndexedEvent, ChainEventsStream, Subjects } from '@app/contracts';
import { ChainEventPublisher } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type BlockIndexedPublisher } from './block-indexed.publisher';

/** `ton.evt.v1.block.indexed` on JetStream, stored once per block (`Nats-Msg-Id = block.indexed:<mc_seqno>`). */
export class JetStreamBlockIndexedPublisher
  extends ChainEventPublisher<BlockIndexedEvent>
  implements BlockIndexedPublisher
{
  constructor(nc: NatsConnection, subjectPrefix = '', stream: string = ChainEventsStream.name) {
    super(nc, Subjects.evt.blockIndexed, 'block.indexed', subjectPrefix, stream);
  }
}
