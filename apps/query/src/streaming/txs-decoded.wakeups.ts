import { Subjects, TxsDecodedEvent } from '@app/contracts';
import { type DurableEvents, ensureStream, followNewEvents } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';

/** The JetStream stream of chain events the decoder publishes `txs.decoded` to. */
const CHAIN_EVENTS_STREAM = 'TON_EVENTS';

/**
 * Wakes the publisher on every `ton.evt.v1.txs.decoded`. An ephemeral ordered consumer, not the
 * decoder's durable one: every query replica must see every event (a shared durable consumer would
 * hand an event to one replica, perhaps a standby, and the leader would wait for its poll). Nothing is
 * acknowledged: the decoder's watermark in PostgreSQL is the truth, events only cut the wait.
 * Resolves undefined when JetStream cannot be reached; the poll still finds every block.
 */
export async function followTxsDecoded(
  nc: NatsConnection,
  wake: () => void,
  logger: Logger,
): Promise<DurableEvents<TxsDecodedEvent> | undefined> {
  try {
    await ensureStream(nc, {
      name: CHAIN_EVENTS_STREAM,
      subjects: [Subjects.evt.txsDecoded.replace(/txs\.decoded$/, '>')],
    });
    const events = await followNewEvents(
      nc,
      { stream: CHAIN_EVENTS_STREAM, filterSubject: Subjects.evt.txsDecoded },
      TxsDecodedEvent,
    );
    void (async () => {
      for await (const _event of events) {
        wake();
      }
    })().catch((error: unknown) => {
      logger.warn({ err: String(error) }, 'txs.decoded follower stopped; polling only');
    });
    return events;
  } catch (error) {
    logger.warn({ err: String(error) }, 'txs.decoded not followed; polling only');
    return undefined;
  }
}
