import { type NatsConnection } from '@nats-io/transport-node';
import { ClientNats } from '@nestjs/microservices';

import { TonNatsReplyDeserializer } from './reply-deserializer';

/**
 * Nest's NATS client over the process's one connection (NATS_CONNECTION): it opens no connection of
 * its own, and closing it rejects the requests still waiting while leaving the connection to
 * NatsConnectionModule, which drains it after every service has stopped.
 */
export class SharedConnectionClient extends ClientNats {
  constructor(private readonly connection: NatsConnection) {
    // Successful replies arrive as raw JSON parts (chunking/reply-chunks.ts).
    super({ deserializer: new TonNatsReplyDeserializer() });
  }

  override createClient(): Promise<NatsConnection> {
    return Promise.resolve(this.connection);
  }

  override close(): Promise<void> {
    this.handleClose();
    this.statusEventEmitter.removeAllListeners();
    this.natsClient = null;
    this.connectionPromise = null;
    return Promise.resolve();
  }
}
