/**
 * LiteserverPool against a three-liteserver localnet: the consensus head, liteservers that lag behind
 * it, and the caches of head reads and immutable answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiteserverCache } from '@app/liteclient';
import { type LiteClient } from 'ton-lite-client';
import { metric, queries } from './pool-metrics';
import { LAG_ALLOWED, poolAgainstLocalnet, SHARD_ALL } from './liteserver-pool.support';

type BlockHeader = Awaited<ReturnType<LiteClient['lookupBlockByID']>>;

describe('LiteserverPool head reads against a three-liteserver localnet', () => {
  const pool = poolAgainstLocalnet();

  describe('consensus head and lag', () => {
    pool.poolPerGroup();

    it('a liteserver 4 blocks behind is not used for head reads; 3 behind (400 ms blocks) still is', async () => {
      pool.localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED + 1 });
      await pool.sut.probe();
      assert.equal(pool.sut.consensusSeqno(), pool.head);
      assert.deepEqual(
        pool.sut.health().map((h) => [h.index, h.alive, h.lastSeqno, h.lag]),
        [
          [0, true, pool.head, 0],
          [1, true, pool.head, 0],
          [2, false, pool.head - (LAG_ALLOWED + 1), LAG_ALLOWED + 1],
        ],
      );
      const answered = await pool.servers(6, pool.time);
      assert.deepEqual(
        [...answered].sort(),
        [0, 0, 0, 1, 1, 1],
        'round robin over the two servers at the head only',
      );
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_lag_blocks', { server: '2' }),
        LAG_ALLOWED + 1,
      );
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_lag_blocks', { server: '0' }), 0);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '2' }), 0);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '1' }), 1);
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_masterchain_seqno', { server: '2' }),
        pool.head - (LAG_ALLOWED + 1),
      );
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_consensus_seqno'), pool.head);

      // a read pinned to a seqno the lagging server has reached may go to it
      const pinned = await pool.servers(3, () =>
        pool.sut.execute('getTime', (client) => client.getCurrentTime(), {
          seqno: pool.head - (LAG_ALLOWED + 1),
        }),
      );
      assert.deepEqual([...pinned].sort(), [0, 1, 2]);

      // sticky: both calls of one operation go to the one liteserver it was given
      const sticky = await pool.servers(3, async () => {
        const result = await pool.sut.execute(
          'sticky',
          async (client) => {
            const a = await client.getMasterchainInfo();
            const b = await client.getMasterchainInfo();
            return [a.last.seqno, b.last.seqno];
          },
          { seqno: pool.head - (LAG_ALLOWED + 1) },
        );
        const expected = result.server === 2 ? pool.head - (LAG_ALLOWED + 1) : pool.head;
        assert.deepEqual(result.value, [expected, expected]);
        return result;
      });
      assert.deepEqual([...sticky].sort(), [0, 1, 2]);

      pool.localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED });
      await pool.sut.probe();
      assert.deepEqual(
        pool.sut.health().map((h) => h.alive),
        [true, true, true],
      );
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_lag_blocks', { server: '2' }),
        LAG_ALLOWED,
      );
    });

    it('a liteserver that fell behind since the last probe answers no head read', async () => {
      await pool.sut.probe();
      // No probe from here on: only the requests themselves can notice.
      pool.localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: LAG_ALLOWED + 1 });
      const heads: number[] = [];
      const answered = await pool.servers(6, async () => {
        const result = await pool.sut.execute('head', (client) => client.getMasterchainInfo());
        heads.push(result.value.last.seqno);
        return result;
      });
      assert.deepEqual(
        heads,
        Array.from({ length: 6 }, () => pool.head),
        'every head read at the head',
      );
      assert.equal(answered.includes(2), false);
      // What the refused answer said is kept: the liteserver is known to be 4 behind.
      assert.deepEqual(
        pool.sut.health().map((h) => [h.index, h.lastSeqno, h.lag, h.alive]),
        [
          [0, pool.head, 0, true],
          [1, pool.head, 0, true],
          [2, pool.head - (LAG_ALLOWED + 1), LAG_ALLOWED + 1, false],
        ],
      );
      // A read pinned to a seqno it has still may go to it, and sees its own head.
      const pinned = await pool.sut.execute('pinned', (client) => client.getMasterchainInfo(), {
        seqno: pool.head - (LAG_ALLOWED + 1),
      });
      assert.equal(
        pinned.value.last.seqno,
        pinned.server === 2 ? pool.head - (LAG_ALLOWED + 1) : pool.head,
      );
      pool.localnet.liteservers[2]?.setFault({ mode: 'none' });
      await pool.sut.probe();
    });

    it('the head cache answers the same object for 200 ms without a second query', async () => {
      const before = await queries(pool.lsMetrics, { method: 'getMasterchainInfo' });
      const first = await pool.sut.masterchainInfo();
      const second = await pool.sut.masterchainInfo();
      assert.equal(second.value, first.value, 'the very same object');
      assert.equal(first.value.last.seqno, pool.head);
      assert.equal(await queries(pool.lsMetrics, { method: 'getMasterchainInfo' }), before + 1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const third = await pool.sut.masterchainInfo();
      assert.notEqual(third.value, first.value);
      assert.equal(await queries(pool.lsMetrics, { method: 'getMasterchainInfo' }), before + 2);
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'getMasterchainInfo',
          result: 'hit',
        }),
        1,
      );
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'getMasterchainInfo',
          result: 'miss',
        }),
        2,
      );
    });
  });

  describe('immutable answers cache', () => {
    pool.poolPerGroup();

    it('a cached block lookup is the same object and asks no liteserver again', async () => {
      const cache = new LiteserverCache<BlockHeader>(100);
      const lookup = () =>
        pool.sut.execute(
          'lookupBlock',
          (client) => client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno: 2 }),
          { cache, cacheKey: '-1:8000000000000000:2' },
        );
      const first = await lookup();
      assert.equal(first.value.id.seqno, 2);
      assert.deepEqual(
        first.value.id.rootHash,
        pool.localnet.chain.masterchainBlock(2)?.id.rootHash,
      );
      // with every liteserver stalled, only the cache can answer
      for (const ls of pool.localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      const second = await lookup();
      assert.equal(second.value, first.value, 'the very same object');
      assert.equal(second.server, first.server);
      assert.equal(await queries(pool.lsMetrics, { method: 'lookupBlock' }), 1);
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_cache_lookups_total', {
          method: 'lookupBlock',
          result: 'hit',
        }),
        1,
      );
    });
  });
});
