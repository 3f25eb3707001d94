import { waitFor } from '@app/testing';

/**
 * Waits for `/readyz` to answer 200, as a balancer does before it sends traffic: the liteservers
 * have a proven head and the event loop is calm enough that requests are not shed. A harness that
 * sent its first requests straight after `listen` could meet the start-up's 503s.
 */
export async function waitReady(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => (await fetch(`${baseUrl}/readyz`)).status === 200,
    `${baseUrl}/readyz to answer 200`,
    timeoutMs,
    { intervalMs: 100 },
  );
}
