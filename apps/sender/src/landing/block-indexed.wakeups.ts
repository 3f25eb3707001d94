import { BlockIndexedEvent, ChainEventsStream, Subjects } from '@app/contracts';
import { NewEventsFollower } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';

/**
 * Wakes the landing watcher on every `ton.evt.v1.block.indexed`: a newly indexed block may hold the
 * transaction of a message it waits for. Every replica sees every event (an ephemeral ordered consumer:
 * each replica watches its own messages). While JetStream cannot be followed (at boot, or the stream
 * lost with NATS's store) the watcher's poll timer still finds the landings and the follower keeps
 * trying; it wakes the watcher once it follows again.
 */
export async function followBlockIndexed(
  nc: NatsConnection,
  wake: () => void,
  logger: Logger,
): Promise<NewEventsFollower<BlockIndexedEvent>> {
  const follower = new NewEventsFollower(
    nc,
    BlockIndexedEvent,
    {
      stream: { name: ChainEventsStream.name, subjects: [ChainEventsStream.subjects] },
      filterSubject: Subjects.evt.blockIndexed,
      name: 'block.indexed follower',
      wake,
    },
    logger,
  );
  await follower.start();
  return follower;
}
