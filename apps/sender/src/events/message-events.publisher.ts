import {
  ChainEventsStream,
  type MessageLandedEvent,
  type MessageSentEvent,
  Subjects,
} from '@app/contracts';
import { ensureStream, publishEvent } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';

/** Where the sender's events go: JetStream in the mesh, nowhere in a single process without NATS. */
export interface MessageEventsPublisher {
  sent(event: MessageSentEvent): Promise<void>;
  landed(event: MessageLandedEvent): Promise<void>;
}

/** The process's MessageEventsPublisher (sender.providers.ts). */
export const MESSAGE_EVENTS = Symbol('MESSAGE_EVENTS');

export const NO_MESSAGE_EVENTS: MessageEventsPublisher = {
  sent: () => Promise.resolve(),
  landed: () => Promise.resolve(),
};

/**
 * Publishes to the chain events stream (ChainEventsStream, shared with the ingestor) with
 * `Nats-Msg-Id` = `message.sent:<hash>` / `message.landed:<hash>`, so a publish retried after a lost
 * ack, or made by two replicas, is stored once (within the stream's duplicate window).
 */
export class JetStreamMessageEventsPublisher implements MessageEventsPublisher {
  private streamReady: Promise<unknown> | undefined;

  constructor(private readonly nc: NatsConnection) {}

  async sent(event: MessageSentEvent): Promise<void> {
    await this.publish(Subjects.evt.messageSent, event, `message.sent:${event.hash}`);
  }

  async landed(event: MessageLandedEvent): Promise<void> {
    await this.publish(Subjects.evt.messageLanded, event, `message.landed:${event.hash}`);
  }

  private async publish(subject: string, event: unknown, msgId: string): Promise<void> {
    this.streamReady ??= ensureStream(this.nc, {
      name: ChainEventsStream.name,
      subjects: [ChainEventsStream.subjects],
    }).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    await publishEvent(this.nc, subject, event, { msgId });
  }
}
