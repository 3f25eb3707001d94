import { type NatsConnection } from '@nats-io/transport-node';

/** How long a drain may take before the connection is closed without it. */
export const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Drains `nats` (its pending publishes flushed, its subscriptions ended), then closes it if the drain
 * left it open: the drain fails while NATS is unreachable (nothing can be flushed then), and a
 * connection left open would keep reconnecting and keep a stopped process alive. A drain still
 * running after `timeoutMs` (a server that accepts the connection but never acknowledges the
 * drain's flush) is given up on, so it cannot hold the process's shutdown forever.
 */
export async function drainThenClose(
  nats: Pick<NatsConnection, 'drain' | 'isClosed' | 'close'>,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([nats.drain().catch(() => undefined), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
  if (!nats.isClosed()) {
    await nats.close();
  }
}
