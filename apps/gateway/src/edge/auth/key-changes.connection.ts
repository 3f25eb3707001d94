import { NATS_CONNECTION } from '@app/nats';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';

/**
 * The process's NATS connection as the edge (installed outside Nest's injection, on the Fastify
 * instance) reads it: with one, key changes broadcast by `npm run keys` clear the key cache at once;
 * without one (the single process on its in-process bus) they reach it by the cache TTL only.
 */
@Injectable()
export class KeyChangesConnection {
  constructor(@Optional() @Inject(NATS_CONNECTION) readonly nats?: NatsConnection) {}
}
