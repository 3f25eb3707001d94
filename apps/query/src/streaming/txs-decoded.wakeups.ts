import { Subjects, TxsDecodedEvent } from '@app/contracts';
import { chainEventFollower } from '@app/nats';

/**
 * Wakes the publisher on every `ton.evt.v1.txs.decoded`. An ephemeral ordered consumer, not the
 * decoder's durable one: every query replica must see every event (a shared durable consumer would
 * hand an event to one replica, perhaps a standby, and the leader would wait for its poll). Nothing is
 * acknowledged: the decoder's watermark in PostgreSQL is the truth, events only cut the wait. While
 * JetStream cannot be followed (at boot, or the stream lost with NATS's store) the poll finds every
 * block and the follower keeps trying; it wakes the publisher once it follows again.
 */
export const followTxsDecoded = chainEventFollower({
  schema: TxsDecodedEvent,
  subject: Subjects.evt.txsDecoded,
  name: 'txs.decoded follower',
});
