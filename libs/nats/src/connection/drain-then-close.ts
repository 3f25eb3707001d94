import { type NatsConnection } from '@nats-io/transport-node';

/**
 * Drains `nats` (its pending publishes flushed, its subscriptions ended), then closes it if the drain
 * left it open: the drain fails while NATS is unreachable (nothing can be flushed then), and a
 * connection left open would keep reconnecting and keep a stopped process alive.
 */
export async function drainThenClose(nats: NatsConnection): Promise<void> {
  await nats.drain().catch(() => undefined);
  if (!nats.isClosed()) {
    await nats.close();
  }
}
