import { waitFor } from '@app/testing';

/**
 * Waits until the service at `baseUrl` serves an action of `account` (raw, a genesis seed wallet):
 * the seed history ingested and decoded by the service's own pipeline.
 */
export async function genesisDecoded(
  baseUrl: string,
  account: string,
  timeoutMs: number,
): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/api/v3/actions?account=${account}&limit=1`);
      const body = (await response.json()) as { actions?: unknown[] };
      return response.status === 200 && (body.actions?.length ?? 0) > 0;
    },
    'genesis indexed and decoded in time',
    timeoutMs,
    { intervalMs: 250 },
  );
}
