import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LiteserverMetrics, createMetricsRegistry } from '@app/observability';
import { LiteserverPoolService } from '@app/liteclient';
import { type ProofBlockId } from '@app/ton';
import { type Localnet, startLocalnet } from '@app/localnet';
import { waitFor } from '@app/testing';

function anchorOf(localnet: Localnet): ProofBlockId {
  const zero = localnet.chain.zeroState().id;
  return { ...zero, shard: BigInt.asUintN(64, zero.shard) };
}

/**
 * A pool given two local networks' liteservers and the first one's zero state: the other network's
 * liteserver is found at connect, counted, and gets no reads, with or without the proofs.
 */
void describe('the pool refuses a liteserver of another network at connect', () => {
  let ours: Localnet;
  let theirs: Localnet;
  const pools: LiteserverPoolService[] = [];

  before(async () => {
    // Two chains started at different times: different zero states.
    ours = await startLocalnet({ seed: 'none', mode: 'manual', startTime: 1_700_000_000 });
    theirs = await startLocalnet({ seed: 'none', mode: 'manual', startTime: 1_700_000_100 });
    for (const net of [ours, theirs]) {
      await net.producer.sealNow();
      await net.producer.sealNow();
    }
  });

  after(async () => {
    for (const pool of pools) {
      pool.close();
    }
    await Promise.all([ours.stop(), theirs.stop()]);
  });

  for (const verify of [true, false]) {
    void it(`${verify ? 'with' : 'without'} the anchor: only our liteserver serves`, async () => {
      const registry = createMetricsRegistry({ defaultMetrics: false });
      const zeroState = anchorOf(ours);
      const pool = new LiteserverPoolService(
        [ours.liteservers[0], theirs.liteservers[0]].map((ls) => {
          assert.ok(ls);
          return ls.endpoint;
        }),
        {
          timeoutMs: 5000,
          attempts: 2,
          probeIntervalMs: 3_600_000,
          zeroState,
          ...(verify ? { anchor: zeroState } : {}),
        },
        new LiteserverMetrics(registry),
        registry,
      );
      pools.push(pool);
      await pool.onModuleInit();
      await waitFor(() => pool.health().every((h) => h.connected), 'both connected', 20_000);
      await pool.probe();
      assert.deepEqual(
        pool.health().map((h) => h.alive),
        [true, false],
      );
      for (let i = 0; i < 4; i++) {
        const info = await pool.execute('getMasterchainInfo', (c) => c.getMasterchainInfo());
        assert.equal(info.server, 0);
        assert.deepEqual(info.value.last.rootHash, ours.chain.head().id.rootHash);
      }
      const metric = registry.getSingleMetric('tonapi_liteserver_wrong_network_total');
      assert.ok(metric);
      const { values } = await metric.get();
      assert.deepEqual(
        values.map((v) => [v.labels.server, v.labels.mismatch, v.value]),
        [['1', 'zero_state', 1]],
      );
      // Probed again: still out, and not counted again on the same connection.
      await pool.probe();
      assert.deepEqual(
        pool.health().map((h) => h.alive),
        [true, false],
      );
      assert.equal((await metric.get()).values[0]?.value, 1);
    });
  }
});
