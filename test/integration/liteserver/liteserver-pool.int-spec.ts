import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import { type Registry } from 'prom-client';
import { type LiteClient } from 'ton-lite-client';
import { type Localnet, startLocalnet } from '../../../apps/localnet/src/localnet';
import {
  LiteserverCache,
  type LiteserverPoolOptions,
  LiteserverPoolService,
  type PooledResult,
} from '@app/liteclient';
import { waitFor } from '@app/testing';
import { metric } from './pool-metrics';

type BlockHeader = Awaited<ReturnType<LiteClient['lookupBlockByID']>>;

const SHARD_ALL = '-9223372036854775808';
/** The pool's default lag allowance: 3 masterchain blocks (1.2 s at 400 ms). */
const LAG_ALLOWED = 3;

/** How many lite_api queries the pool made for `method` (the latency histogram's count). */
async function queries(metrics: LiteserverMetrics, method: string): Promise<number> {
  const { values } = await metrics.duration.get();
  return values
    .filter((v) => v.metricName?.endsWith('_count') === true && v.labels.method === method)
    .reduce((sum, v) => sum + v.value, 0);
}

describe('LiteserverPool against a three-liteserver localnet', () => {
  let localnet: Localnet;
  let head: number;
  let sut: LiteserverPoolService;
  let registry: Registry;
  let lsMetrics: LiteserverMetrics;

  async function startPool(overrides: Partial<LiteserverPoolOptions> = {}): Promise<void> {
    registry = createMetricsRegistry({ defaultMetrics: false });
    lsMetrics = new LiteserverMetrics(registry);
    sut = new LiteserverPoolService(
      localnet.liteservers.map((ls) => ls.endpoint),
      {
        timeoutMs: 400,
        attempts: 3,
        // probes are run by the tests themselves (pool.probe()), so every step is deterministic
        probeIntervalMs: 3_600_000,
        ...overrides,
      },
      lsMetrics,
      registry,
    );
    await sut.onModuleInit();
    await waitFor(() => sut.health().every((h) => h.connected), 'all connected', 8000);
    await sut.probe();
  }

  const servers = async (n: number, run: () => Promise<PooledResult<unknown>>) => {
    const answered: number[] = [];
    for (let i = 0; i < n; i++) {
      answered.push((await run()).server);
    }
    return answered;
  };
  const time = () => sut.execute('getTime', (client) => client.getCurrentTime());

  before(async () => {
    localnet = await startLocalnet({ seed: 'none', mode: 'manual', liteservers: 3 });
    for (let i = 0; i < 6; i++) {
      await localnet.producer.sealNow();
    }
    head = localnet.chain.head().id.seqno;
  });

  after(async () => {
    await localnet.stop();
  });

  beforeEach(() => {
    for (const ls of localnet.liteservers) {
      ls.setFault({ mode: 'none' });
    }
  });

  describe('consensus head and lag', () => {
    before(() => startPool());
    after(() => {
      sut.close();
    });

    it('a liteserver 4 blocks behind is not used for head reads; 3 behind (400 ms blocks) still is', async () => {
      localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED + 1 });
      await sut.probe();
      assert.equal(sut.consensusSeqno(), head);
      assert.deepEqual(
        sut.health().map((h) => [h.index, h.alive, h.lastSeqno, h.lag]),
        [
          [0, true, head, 0],
          [1, true, head, 0],
          [2, false, head - (LAG_ALLOWED + 1), LAG_ALLOWED + 1],
        ],
      );
      const answered = await servers(6, time);
      assert.deepEqual(
        [...answered].sort(),
        [0, 0, 0, 1, 1, 1],
        'round robin over the two servers at the head only',
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_lag_blocks', { server: '2' }),
        LAG_ALLOWED + 1,
      );
      assert.equal(await metric(registry, 'tonapi_liteserver_lag_blocks', { server: '0' }), 0);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '2' }), 0);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '1' }), 1);
      assert.equal(
        await metric(registry, 'tonapi_liteserver_masterchain_seqno', { server: '2' }),
        head - (LAG_ALLOWED + 1),
      );
      assert.equal(await metric(registry, 'tonapi_liteserver_consensus_seqno'), head);

      // a read pinned to a seqno the lagging server has reached may go to it
      const pinned = await servers(3, () =>
        sut.execute('getTime', (client) => client.getCurrentTime(), {
          seqno: head - (LAG_ALLOWED + 1),
        }),
      );
      assert.deepEqual([...pinned].sort(), [0, 1, 2]);

      // sticky: both calls of one operation go to the one liteserver it was given
      const sticky = await servers(3, async () => {
        const result = await sut.execute(
          'sticky',
          async (client) => {
            const a = await client.getMasterchainInfo();
            const b = await client.getMasterchainInfo();
            return [a.last.seqno, b.last.seqno];
          },
          { seqno: head - (LAG_ALLOWED + 1) },
        );
        const expected = result.server === 2 ? head - (LAG_ALLOWED + 1) : head;
        assert.deepEqual(result.value, [expected, expected]);
        return result;
      });
      assert.deepEqual([...sticky].sort(), [0, 1, 2]);

      localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED });
      await sut.probe();
      assert.deepEqual(
        sut.health().map((h) => h.alive),
        [true, true, true],
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_lag_blocks', { server: '2' }),
        LAG_ALLOWED,
      );
    });

    it('a liteserver that fell behind since the last probe answers no head read', async () => {
      await sut.probe();
      // No probe from here on: only the requests themselves can notice.
      localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED + 1 });
      const heads: number[] = [];
      const answered = await servers(6, async () => {
        const result = await sut.execute('head', (client) => client.getMasterchainInfo());
        heads.push(result.value.last.seqno);
        return result;
      });
      assert.deepEqual(
        heads,
        Array.from({ length: 6 }, () => head),
        'every head read at the head',
      );
      assert.equal(answered.includes(2), false);
      // What the refused answer said is kept: the liteserver is known to be 4 behind.
      assert.deepEqual(
        sut.health().map((h) => [h.index, h.lastSeqno, h.lag, h.alive]),
        [
          [0, head, 0, true],
          [1, head, 0, true],
          [2, head - (LAG_ALLOWED + 1), LAG_ALLOWED + 1, false],
        ],
      );
      // A read pinned to a seqno it has still may go to it, and sees its own head.
      const pinned = await sut.execute('pinned', (client) => client.getMasterchainInfo(), {
        seqno: head - (LAG_ALLOWED + 1),
      });
      assert.equal(pinned.value.last.seqno, pinned.server === 2 ? head - (LAG_ALLOWED + 1) : head);
      localnet.liteservers[2]?.setFault({ mode: 'none' });
      await sut.probe();
    });

    it('the head cache answers the same object for 200 ms without a second query', async () => {
      const before = await queries(lsMetrics, 'getMasterchainInfo');
      const first = await sut.masterchainInfo();
      const second = await sut.masterchainInfo();
      assert.equal(second.value, first.value, 'the very same object');
      assert.equal(first.value.last.seqno, head);
      assert.equal(await queries(lsMetrics, 'getMasterchainInfo'), before + 1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const third = await sut.masterchainInfo();
      assert.notEqual(third.value, first.value);
      assert.equal(await queries(lsMetrics, 'getMasterchainInfo'), before + 2);
      assert.equal(
        await metric(registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'getMasterchainInfo',
          result: 'hit',
        }),
        1,
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'getMasterchainInfo',
          result: 'miss',
        }),
        2,
      );
    });
  });

  describe('failover', () => {
    before(() => startPool());
    after(() => {
      sut.close();
    });

    it('a liteserver that answers "not ready" (651) is retried elsewhere and counted', async () => {
      localnet.liteservers[0]?.setFault({ mode: 'error', errorCode: 651 });
      const answered = await servers(3, time);
      assert.ok(!answered.includes(0), `answered by ${answered.join(',')}`);
      assert.equal(
        await metric(registry, 'tonapi_liteserver_errors_total', {
          server: '0',
          method: 'getTime',
          kind: 'notready',
        }),
        1,
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_retries_total', {
          method: 'getTime',
          kind: 'notready',
        }),
        1,
      );
      assert.equal(await queries(lsMetrics, 'getTime'), 4);
      localnet.liteservers[0]?.setFault({ mode: 'none' });
      await sut.probe();
      assert.equal(sut.health()[0]?.alive, true);
    });

    it("a liteserver's deliberate answer is final: no retry, one query, a 500-class error", async () => {
      const before = await queries(lsMetrics, 'lookupBlock');
      await assert.rejects(
        sut.execute('lookupBlock', (client) =>
          client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno: head + 1000 }),
        ),
        (error: unknown) => {
          assert.ok(error instanceof TonApiError);
          assert.equal(error.code, ErrorCode.LITESERVER_ERROR);
          assert.match(error.message, /^LITE_SERVER_UNKNOWN: block not found: /);
          return true;
        },
      );
      assert.equal(await queries(lsMetrics, 'lookupBlock'), before + 1);
      const answers = await Promise.all(
        [0, 1, 2].map((server) =>
          metric(registry, 'tonapi_liteserver_errors_total', {
            server: String(server),
            method: 'lookupBlock',
            kind: 'answer',
          }),
        ),
      );
      assert.equal(
        answers.reduce<number>((sum, v) => sum + (v ?? 0), 0),
        1,
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_retries_total', {
          method: 'lookupBlock',
          kind: 'answer',
        }),
        undefined,
      );
      assert.deepEqual(
        sut.health().map((h) => h.alive),
        [true, true, true],
        'an answer does not mark the server down',
      );
    });

    it('a stalled liteserver times out, the request moves on, and it is skipped until a probe', async () => {
      localnet.liteservers[1]?.setFault({ mode: 'stall' });
      const before = await queries(lsMetrics, 'getTime');
      const answered = await servers(3, time);
      assert.ok(!answered.includes(1), `answered by ${answered.join(',')}`);
      assert.equal(
        await metric(registry, 'tonapi_liteserver_errors_total', {
          server: '1',
          method: 'getTime',
          kind: 'timeout',
        }),
        1,
      );
      assert.equal(
        await metric(registry, 'tonapi_liteserver_retries_total', {
          method: 'getTime',
          kind: 'timeout',
        }),
        1,
      );
      assert.equal(await queries(lsMetrics, 'getTime'), before + 4);
      assert.equal(sut.health()[1]?.alive, false);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '1' }), 0);
      localnet.liteservers[1]?.setFault({ mode: 'none' });
      await sut.probe();
      assert.equal(sut.health()[1]?.alive, true);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '1' }), 1);
    });

    it('every liteserver stalled: a LITE_SERVER_NETWORK timeout after trying each', async () => {
      await sut.probe();
      for (const ls of localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      await assert.rejects(time(), (error: unknown) => {
        assert.ok(error instanceof TonApiError);
        assert.equal(error.code, ErrorCode.LITESERVER_TIMEOUT);
        assert.equal(error.message, 'LITE_SERVER_NETWORK timeout');
        return true;
      });
      assert.equal(sut.isServing(), false);
      assert.deepEqual(
        sut.health().map((h) => h.alive),
        [false, false, false],
      );
      // Until the next probe they are still tried as a last resort rather than refused outright.
      const before = await queries(lsMetrics, 'getTime');
      await assert.rejects(time(), (error: unknown) => {
        assert.ok(error instanceof TonApiError);
        assert.equal(error.code, ErrorCode.LITESERVER_TIMEOUT);
        return true;
      });
      assert.equal(await queries(lsMetrics, 'getTime'), before + 3);
      for (const ls of localnet.liteservers) {
        ls.setFault({ mode: 'none' });
      }
      await sut.probe();
      assert.equal(sut.isServing(), true);
    });

    it('a dropped liteserver is skipped and serves again after recovery', async () => {
      localnet.liteservers[2]?.setFault({ mode: 'drop' });
      await waitFor(() => sut.health()[2]?.connected === false, 'server 2 disconnected', 8000);
      await sut.probe();
      assert.equal(sut.health()[2]?.alive, false);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '2' }), 0);
      const answered = await servers(4, time);
      assert.deepEqual([...answered].sort(), [0, 0, 1, 1]);
      localnet.liteservers[2]?.setFault({ mode: 'none' });
      await waitFor(() => sut.health()[2]?.connected === true, 'server 2 reconnected', 8000);
      await sut.probe();
      assert.equal(sut.health()[2]?.alive, true);
      assert.equal(await metric(registry, 'tonapi_liteserver_up', { server: '2' }), 1);
      const again = await servers(3, time);
      assert.deepEqual([...again].sort(), [0, 1, 2]);
    });
  });

  describe('archival detection and routing', () => {
    before(async () => {
      // Probe for the head block itself: a liteserver 3 blocks behind does not have it, as a pruned
      // one lacks an old block.
      localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: 3 });
      // Blocks are taken as 400 ms apart (the chain here is sealed by hand, so nothing is measured):
      // 3 blocks behind is 1.2 s old, over the 1 s archival age; 1 block behind is 0.4 s.
      await startPool({ archivalProbeSeqno: head, archivalAgeMs: 1000, blockIntervalMs: 400 });
      localnet.liteservers[2]?.setFault({ mode: 'none' });
      await sut.probe(); // head probe only: the archival one is not due for 120 s
    });
    after(() => {
      sut.close();
    });

    it('flags which liteservers have the probe block', async () => {
      assert.deepEqual(
        sut.health().map((h) => [h.alive, h.archival]),
        [
          [true, true],
          [true, true],
          [true, false],
        ],
      );
      assert.equal(await metric(registry, 'tonapi_liteserver_archival', { server: '0' }), 1);
      assert.equal(await metric(registry, 'tonapi_liteserver_archival', { server: '2' }), 0);
    });

    it('archival calls and old seqnos go to archival liteservers; others to any', async () => {
      const archival = await servers(4, () =>
        sut.execute('getTime', (client) => client.getCurrentTime(), { archival: true }),
      );
      assert.deepEqual([...archival].sort(), [0, 0, 1, 1]);
      const old = await servers(4, () =>
        sut.execute('getTime', (client) => client.getCurrentTime(), { seqno: head - 3 }),
      );
      assert.deepEqual([...old].sort(), [0, 0, 1, 1]);
      const recent = await servers(3, () =>
        sut.execute('getTime', (client) => client.getCurrentTime(), { seqno: head - 1 }),
      );
      assert.deepEqual([...recent].sort(), [0, 1, 2]);
    });

    it("a pruned liteserver's 'not in db' is asked of an archival one before it is final", async () => {
      const retriedBefore =
        (await metric(registry, 'tonapi_liteserver_retries_total', {
          method: 'goneRead',
          kind: 'gone',
        })) ?? 0;
      // What a C++ node past its --block-ttl answers (lite_api 651, as the local network words it).
      localnet.liteservers[2]?.setFault({
        mode: 'error',
        errorCode: 651,
        errorMessage: `block (-1,8000000000000000,${String(head - 1)}) is not in db`,
      });
      // A recent seqno goes to any of the three, in turn: the one pick of server 2 is retried.
      const answered = await servers(3, () =>
        sut.execute('goneRead', (client) => client.getCurrentTime(), { seqno: head - 1 }),
      );
      assert.equal(answered.length, 3);
      assert.equal(answered.includes(2), false, 'every answer from an archival liteserver');
      assert.equal(
        await metric(registry, 'tonapi_liteserver_retries_total', {
          method: 'goneRead',
          kind: 'gone',
        }),
        retriedBefore + 1,
      );
    });

    it("'state already gc'd' everywhere is the final answer, once an archival one said it too", async () => {
      for (const ls of localnet.liteservers) {
        ls.setFault({
          mode: 'error',
          errorCode: 0,
          errorMessage: `cannot load state for (-1,8000000000000000,${String(head - 1)}) : state already gc'd`,
        });
      }
      const before = await queries(lsMetrics, 'gcRead');
      // Three reads pick each liteserver once: an archival one's answer is final at once (1 query
      // each), the pruned one's is asked again of an archival one (2 queries): 4 in all.
      for (let i = 0; i < 3; i++) {
        await assert.rejects(
          sut.execute('gcRead', (client) => client.getCurrentTime(), { seqno: head - 1 }),
          (e: unknown) =>
            e instanceof TonApiError &&
            e.code === ErrorCode.LITESERVER_ERROR &&
            e.message.includes("state already gc'd"),
        );
      }
      assert.equal((await queries(lsMetrics, 'gcRead')) - before, 4);
    });

    it('archival calls fall back to any live liteserver when no archival one is live', async () => {
      localnet.liteservers[0]?.setFault({ mode: 'drop' });
      localnet.liteservers[1]?.setFault({ mode: 'drop' });
      await waitFor(
        () => sut.health()[0]?.connected === false && sut.health()[1]?.connected === false,
        'servers 0 and 1 disconnected',
        8000,
      );
      const { server } = await sut.execute('getTime', (client) => client.getCurrentTime(), {
        archival: true,
      });
      assert.equal(server, 2);
      localnet.liteservers[0]?.setFault({ mode: 'none' });
      localnet.liteservers[1]?.setFault({ mode: 'none' });
      await waitFor(() => sut.health().every((h) => h.connected), 'all reconnected', 8000);
    });
  });

  describe('immutable answers cache', () => {
    before(() => startPool());
    after(() => {
      sut.close();
    });

    it('a cached block lookup is the same object and asks no liteserver again', async () => {
      const cache = new LiteserverCache<BlockHeader>(100);
      const lookup = () =>
        sut.execute(
          'lookupBlock',
          (client) => client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno: 2 }),
          { cache, cacheKey: '-1:8000000000000000:2' },
        );
      const first = await lookup();
      assert.equal(first.value.id.seqno, 2);
      assert.deepEqual(first.value.id.rootHash, localnet.chain.masterchainBlock(2)?.id.rootHash);
      // with every liteserver stalled, only the cache can answer
      for (const ls of localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      const second = await lookup();
      assert.equal(second.value, first.value, 'the very same object');
      assert.equal(second.server, first.server);
      assert.equal(await queries(lsMetrics, 'lookupBlock'), 1);
      assert.equal(
        await metric(registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'lookupBlock',
          result: 'hit',
        }),
        1,
      );
    });
  });
});
