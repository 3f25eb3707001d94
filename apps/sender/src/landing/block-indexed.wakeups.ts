import { BlockIndexedEvent, Subjects } from '@app/contracts';
import { chainEventFollower } from '@app/nats';

/**
 * Wakes the landing watcher on every `ton.evt.v1.block.indexed`: a newly indexed block may hold the
 * transaction of a message it waits for. Every replica sees every event (an ephemeral ordered consumer:
 * each replica watches its own messages). While JetStream cannot be followed (at boot, or the stream
 * lost with NATS's store) the watcher's poll timer still finds the landings and the follower keeps
 * trying; it wakes the watcher once it follows again.
 */
export const followBlockIndexed = chainEventFollower({
  schema: BlockIndexedEvent,
  subject: Subjects.evt.blockIndexed,
  name: 'block.indexed follower',
});
