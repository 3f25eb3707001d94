import { type WaitForOptions } from '@app/testing';
import { type WalletTraffic } from '../../integration/support/ingest-traffic';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * How the fault tests wait: their checks read services the test restarts (PostgreSQL, a NATS node
 * whose leader is being elected), so an error means "not yet".
 */
export const SERVICES_MAY_RESTART: WaitForOptions = { errorsMeanNotYet: true, intervalMs: 150 };

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
