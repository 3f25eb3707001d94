import { setTimeout as delay } from 'node:timers/promises';
import { type LiteserverPool } from './liteserver-pool';

type HeadSource = Pick<LiteserverPool, 'masterchainInfo'>;

/**
 * Resolves with the pool's first head once it can answer one: with a trust anchor, the first head
 * proven from it. A process that says "ready" before then answers its first reads with 5xx while the
 * key-block chain is followed or the first liteserver connects. `onWait` hears the first refusal
 * only, so a start that waits says so once, with the reason.
 */
export async function firstHead(
  pool: HeadSource,
  onWait: (reason: unknown) => void,
  retryMs = 200,
): Promise<Awaited<ReturnType<HeadSource['masterchainInfo']>>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await pool.masterchainInfo();
    } catch (error) {
      // Not ready is expected while the key-block chain is followed; the first refusal is told.
      if (attempt === 0) {
        onWait(error);
      }
    }
    await delay(retryMs);
  }
}
