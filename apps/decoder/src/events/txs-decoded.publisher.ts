import { type TxsDecodedEvent } from '@app/contracts';

/**
 * Where "transactions decoded" events go after the decoder commits a masterchain block. JetStream in
 * the mesh; without NATS nowhere (the readers that follow the decoder poll its watermark in
 * PostgreSQL: events are only the wake-up, docs/architecture.md).
 */
export interface TxsDecodedPublisher {
  publish(event: TxsDecodedEvent): Promise<void>;
}

export const NO_TXS_DECODED_EVENTS: TxsDecodedPublisher = {
  publish: () => Promise.resolve(),
};
