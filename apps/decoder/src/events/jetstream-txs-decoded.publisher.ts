import { ChainEventsStream, Subjects, type TxsDecodedEvent } from '@app/contracts';
import { ChainEventPublisher } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type TxsDecodedPublisher } from './txs-decoded.publisher';

/** `ton.evt.v1.txs.decoded` on JetStream, stored once per block (`Nats-Msg-Id = txs.decoded:<mc_seqno>`). */
export class JetStreamTxsDecodedPublisher
  extends ChainEventPublisher<TxsDecodedEvent>
  implements TxsDecodedPublisher
{
  constructor(nc: NatsConnection, subjectPrefix = '', stream: string = ChainEventsStream.name) {
    super(nc, Subjects.evt.txsDecoded, 'txs.decoded', subjectPrefix, stream);
  }
}
