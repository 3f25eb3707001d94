import { type WalletTraffic } from '../../integration/ingestor/ingest-traffic';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` until true; errors (a restarting database, a NATS leader being elected) count as
 * "not yet".
 */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(150);
  }
}

/** Keeps wallet traffic flowing (a round, then a pause) until stopped: blocks to ingest and decode. */
export class ChainDriver {
  private running = true;
  private readonly loop: Promise<void>;

  constructor(traffic: WalletTraffic) {
    this.loop = (async () => {
      while (this.running) {
        await traffic.round();
        await sleep(400);
      }
    })();
  }

  stop(): Promise<void> {
    this.running = false;
    return this.loop;
  }
}
