import { ChainEventsStream, type EventSubject } from '@app/contracts';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { type z } from 'zod';
import { NewEventsFollower } from './new-events.follower';

/** One `Subjects.evt` event followed as a wake-up hint. */
export interface ChainEvent<T> {
  schema: z.ZodType<T>;
  subject: EventSubject;
  /** What the logs call its follower (`txs.decoded follower`). */
  name: string;
}

/**
 * Starts a follower that calls `wake` for every event, and once each time it follows again after a
 * loss. It follows at once if it can, otherwise keeps trying in the background; never throws.
 */
export type FollowChainEvent<T> = (
  nc: NatsConnection,
  wake: () => void,
  logger: Logger,
) => Promise<NewEventsFollower<T>>;

/**
 * How an app follows one event of the chain events stream (NewEventsFollower). The follower creates
 * the stream again after a loss, so it creates it as every publisher does (ChainEventsStream): one
 * made with fewer subjects would refuse the other events.
 */
export function chainEventFollower<T>(event: ChainEvent<T>): FollowChainEvent<T> {
  return async (nc, wake, logger) => {
    const follower = new NewEventsFollower(
      nc,
      event.schema,
      {
        stream: { name: ChainEventsStream.name, subjects: [ChainEventsStream.subjects] },
        filterSubject: event.subject,
        name: event.name,
        wake,
      },
      logger,
    );
    await follower.start();
    return follower;
  };
}
