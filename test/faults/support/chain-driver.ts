import { join } from 'node:path';
import { type DataSource, IndexerCursorRepository } from '@app/database';
import { type Localnet, startLocalnet } from '@app/localnet';
import { waitFor, type WaitForOptions } from '@app/testing';
import { type WalletTraffic } from '../../integration/support/ingest-traffic';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * How the fault tests wait: their checks read services the test restarts (PostgreSQL, a NATS node
 * whose leader is being elected), so an error means "not yet".
 */
export const SERVICES_MAY_RESTART: WaitForOptions = { errorsMeanNotYet: true, intervalMs: 150 };

/**
 * The local network the mesh fault specs index: the genesis seed over two shards, blocks sealed as
 * the spec drives them, and its liteservers' config written into `dir` (the apps'
 * LITESERVERS_CONFIG).
 */
export async function startFaultLocalnet(
  dir: string,
): Promise<{ localnet: Localnet; configPath: string }> {
  const configPath = join(dir, 'localnet.config.json');
  const localnet = await startLocalnet({
    seed: 'genesis',
    shards: 2,
    mode: 'manual',
    startTime: 1_770_000_000,
    configOut: configPath,
  });
  return { localnet, configPath };
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

/** The indexer cursors of the database under test, read and waited for as the services move them. */
export class CursorWatch {
  /** `db` answers the connection the spec opened (set in its `before`). */
  constructor(private readonly db: () => DataSource) {}

  /** Cursor `name`'s masterchain seqno, 0 before it is first written. */
  async get(name: string): Promise<number> {
    return (await new IndexerCursorRepository(this.db()).get(name)) ?? 0;
  }

  /** Waits, through service restarts, until cursor `name` is at `atLeast` or past it. */
  reaches(name: string, atLeast: number, what: string, timeoutMs = 120_000): Promise<void> {
    return waitFor(
      async () => (await this.get(name)) >= atLeast,
      what,
      timeoutMs,
      SERVICES_MAY_RESTART,
    );
  }
}
