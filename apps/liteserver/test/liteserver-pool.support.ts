/**
 * A LiteserverPool against a three-liteserver localnet sealed by hand to six blocks, for the pool's
 * integration specs: the hooks that start and stop the localnet and clear the liteservers' faults
 * before each test, and the pool each group of tests starts with its own options.
 */
import { after, before, beforeEach } from 'node:test';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import { type Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import {
  type LiteserverPoolOptions,
  LiteserverPoolService,
  type PooledResult,
} from '@app/liteclient';
import { waitFor } from '@app/testing';

export const SHARD_ALL = '-9223372036854775808';
/** The pool's default lag allowance: 3 masterchain blocks (1.2 s at 400 ms). */
export const LAG_ALLOWED = 3;

/** The localnet, its head and the pool of the group of tests running. */
export class PoolBench {
  localnet!: Localnet;
  head!: number;
  sut!: LiteserverPoolService;
  registry!: Registry;
  lsMetrics!: LiteserverMetrics;

  /** Starts a pool over the three liteservers, every one connected and probed once. */
  async startPool(overrides: Partial<LiteserverPoolOptions> = {}): Promise<void> {
    this.registry = createMetricsRegistry({ defaultMetrics: false });
    this.lsMetrics = new LiteserverMetrics(this.registry);
    const sut = new LiteserverPoolService(
      this.localnet.liteservers.map((ls) => ls.endpoint),
      {
        timeoutMs: 400,
        attempts: 3,
        // probes are run by the tests themselves (pool.probe()), so every step is deterministic
        probeIntervalMs: 3_600_000,
        ...overrides,
      },
      this.lsMetrics,
      this.registry,
    );
    this.sut = sut;
    await sut.onModuleInit();
    await waitFor(() => sut.health().every((h) => h.connected), 'all connected', 8000);
    await sut.probe();
  }

  /** Registers hooks that start a pool with the default options before a group of tests and close it after. */
  poolPerGroup(): void {
    before(() => this.startPool());
    after(() => {
      this.sut.close();
    });
  }

  /** The liteserver that answered each of `n` runs, in order. */
  readonly servers = async (n: number, run: () => Promise<PooledResult<unknown>>) => {
    const answered: number[] = [];
    for (let i = 0; i < n; i++) {
      answered.push((await run()).server);
    }
    return answered;
  };

  readonly time = () => this.sut.execute('getTime', (client) => client.getCurrentTime());
}

/** Registers the suite's hooks: the localnet for the whole suite, no fault before each test. */
export function poolAgainstLocalnet(): PoolBench {
  const bench = new PoolBench();
  before(async () => {
    bench.localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 3 });
    for (let i = 0; i < 6; i++) {
      await bench.localnet.producer.sealNow();
    }
    bench.head = bench.localnet.chain.head().id.seqno;
  });
  after(async () => {
    await bench.localnet.stop();
  });
  beforeEach(() => {
    for (const ls of bench.localnet.liteservers) {
      ls.setFault({ mode: 'none' });
    }
  });
  return bench;
}
