import { type BlockIndexedEvent } from '@app/contracts';

/**
 * Where "block indexed" events go after a commit. JetStream in the mesh; in the single process without
 * NATS there is no stream, and the decoder follows PostgreSQL's progress instead (events are only the
 * wake-up, docs/architecture.md).
 */
export interface BlockIndexedPublisher {
  publish(event: BlockIndexedEvent): Promise<void>;
}

export const NO_EVENTS: BlockIndexedPublisher = {
  publish: () => Promise.resolve(),
};
