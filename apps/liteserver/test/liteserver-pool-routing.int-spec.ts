/**
 * LiteserverPool against a three-liteserver localnet: which liteserver a request goes to, failing over
 * from liteservers that refuse, stall or drop, and routing archival requests to archival liteservers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { waitFor } from '@app/testing';
import { metric, queries } from './pool-metrics';
import { poolAgainstLocalnet, SHARD_ALL } from './liteserver-pool.support';

describe('LiteserverPool routing against a three-liteserver localnet', () => {
  const pool = poolAgainstLocalnet();

  describe('failover', () => {
    pool.poolPerGroup();

    it('a liteserver that answers "not ready" (651) is retried elsewhere and counted', async () => {
      pool.localnet.liteservers[0]?.setFault({ mode: 'error', errorCode: 651 });
      const answered = await pool.servers(3, pool.time);
      assert.ok(!answered.includes(0), `answered by ${answered.join(',')}`);
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_errors_total', {
          server: '0',
          method: 'getTime',
          kind: 'notready',
        }),
        1,
      );
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_retries_total', {
          method: 'getTime',
          kind: 'notready',
        }),
        1,
      );
      assert.equal(await queries(pool.lsMetrics, { method: 'getTime' }), 4);
      pool.localnet.liteservers[0]?.setFault({ mode: 'none' });
      await pool.sut.probe();
      assert.equal(pool.sut.health()[0]?.alive, true);
    });

    it("a liteserver's deliberate answer is final: no retry, one query, a 500-class error", async () => {
      const before = await queries(pool.lsMetrics, { method: 'lookupBlock' });
      await assert.rejects(
        pool.sut.execute('lookupBlock', (client) =>
          client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno: pool.head + 1000 }),
        ),
        (error: unknown) => {
          assert.ok(error instanceof TonApiError);
          assert.equal(error.code, ErrorCode.LITESERVER_ERROR);
          assert.match(error.message, /^LITE_SERVER_UNKNOWN: block not found: /);
          return true;
        },
      );
      assert.equal(await queries(pool.lsMetrics, { method: 'lookupBlock' }), before + 1);
      const answers = await Promise.all(
        [0, 1, 2].map((server) =>
          metric(pool.registry, 'tonapi_liteserver_errors_total', {
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
        await metric(pool.registry, 'tonapi_liteserver_retries_total', {
          method: 'lookupBlock',
          kind: 'answer',
        }),
        undefined,
      );
      assert.deepEqual(
        pool.sut.health().map((h) => h.alive),
        [true, true, true],
        'an answer does not mark the server down',
      );
    });

    it('a stalled liteserver times out, the request moves on, and it is skipped until a probe', async () => {
      pool.localnet.liteservers[1]?.setFault({ mode: 'stall' });
      const before = await queries(pool.lsMetrics, { method: 'getTime' });
      const answered = await pool.servers(3, pool.time);
      assert.ok(!answered.includes(1), `answered by ${answered.join(',')}`);
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_errors_total', {
          server: '1',
          method: 'getTime',
          kind: 'timeout',
        }),
        1,
      );
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_retries_total', {
          method: 'getTime',
          kind: 'timeout',
        }),
        1,
      );
      assert.equal(await queries(pool.lsMetrics, { method: 'getTime' }), before + 4);
      assert.equal(pool.sut.health()[1]?.alive, false);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '1' }), 0);
      pool.localnet.liteservers[1]?.setFault({ mode: 'none' });
      await pool.sut.probe();
      assert.equal(pool.sut.health()[1]?.alive, true);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '1' }), 1);
    });

    it('every liteserver stalled: a LITE_SERVER_NETWORK timeout after trying each', async () => {
      await pool.sut.probe();
      for (const ls of pool.localnet.liteservers) {
        ls.setFault({ mode: 'stall' });
      }
      await assert.rejects(pool.time(), (error: unknown) => {
        assert.ok(error instanceof TonApiError);
        assert.equal(error.code, ErrorCode.LITESERVER_TIMEOUT);
        assert.equal(error.message, 'LITE_SERVER_NETWORK timeout');
        return true;
      });
      assert.equal(pool.sut.isServing(), false);
      assert.deepEqual(
        pool.sut.health().map((h) => h.alive),
        [false, false, false],
      );
      // Until the next probe they are still tried as a last resort rather than refused outright.
      const before = await queries(pool.lsMetrics, { method: 'getTime' });
      await assert.rejects(pool.time(), (error: unknown) => {
        assert.ok(error instanceof TonApiError);
        assert.equal(error.code, ErrorCode.LITESERVER_TIMEOUT);
        return true;
      });
      assert.equal(await queries(pool.lsMetrics, { method: 'getTime' }), before + 3);
      for (const ls of pool.localnet.liteservers) {
        ls.setFault({ mode: 'none' });
      }
      await pool.sut.probe();
      assert.equal(pool.sut.isServing(), true);
    });

    it('a dropped liteserver is skipped and serves again after recovery', async () => {
      pool.localnet.liteservers[2]?.setFault({ mode: 'drop' });
      await waitFor(() => pool.sut.health()[2]?.connected === false, 'server 2 disconnected', 8000);
      await pool.sut.probe();
      assert.equal(pool.sut.health()[2]?.alive, false);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '2' }), 0);
      const answered = await pool.servers(4, pool.time);
      assert.deepEqual([...answered].sort(), [0, 0, 1, 1]);
      pool.localnet.liteservers[2]?.setFault({ mode: 'none' });
      await waitFor(() => pool.sut.health()[2]?.connected === true, 'server 2 reconnected', 8000);
      await pool.sut.probe();
      assert.equal(pool.sut.health()[2]?.alive, true);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_up', { server: '2' }), 1);
      const again = await pool.servers(3, pool.time);
      assert.deepEqual([...again].sort(), [0, 1, 2]);
    });
  });

  describe('archival detection and routing', () => {
    before(async () => {
      // Probe for the head block itself: a liteserver 3 blocks behind does not have it, as a pruned
      // one lacks an old block.
      pool.localnet.liteservers[2]?.setFault({ mode: 'lag', lagBlocks: 3 });
      // Blocks are taken as 400 ms apart (the chain here is sealed by hand, so nothing is measured):
      // 3 blocks behind is 1.2 s old, over the 1 s archival age; 1 block behind is 0.4 s.
      await pool.startPool({
        archivalProbeSeqno: pool.head,
        archivalAgeMs: 1000,
        blockIntervalMs: 400,
      });
      pool.localnet.liteservers[2]?.setFault({ mode: 'none' });
      await pool.sut.probe(); // head probe only: the archival one is not due for 120 s
    });
    after(() => {
      pool.sut.close();
    });

    it('flags which liteservers have the probe block', async () => {
      assert.deepEqual(
        pool.sut.health().map((h) => [h.alive, h.archival]),
        [
          [true, true],
          [true, true],
          [true, false],
        ],
      );
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_archival', { server: '0' }), 1);
      assert.equal(await metric(pool.registry, 'tonapi_liteserver_archival', { server: '2' }), 0);
    });

    it('archival calls and old seqnos go to archival liteservers; others to any', async () => {
      const archival = await pool.servers(4, () =>
        pool.sut.execute('getTime', (client) => client.getCurrentTime(), { archival: true }),
      );
      assert.deepEqual([...archival].sort(), [0, 0, 1, 1]);
      const old = await pool.servers(4, () =>
        pool.sut.execute('getTime', (client) => client.getCurrentTime(), { seqno: pool.head - 3 }),
      );
      assert.deepEqual([...old].sort(), [0, 0, 1, 1]);
      const recent = await pool.servers(3, () =>
        pool.sut.execute('getTime', (client) => client.getCurrentTime(), { seqno: pool.head - 1 }),
      );
      assert.deepEqual([...recent].sort(), [0, 1, 2]);
    });

    it("a pruned liteserver's 'not in db' is asked of an archival one before it is final", async () => {
      const retriedBefore =
        (await metric(pool.registry, 'tonapi_liteserver_retries_total', {
          method: 'goneRead',
          kind: 'gone',
        })) ?? 0;
      // What a C++ node past its --block-ttl answers (lite_api 651, as the local network words it).
      pool.localnet.liteservers[2]?.setFault({
        mode: 'error',
        errorCode: 651,
        errorMessage: `block (-1,8000000000000000,${String(pool.head - 1)}) is not in db`,
      });
      // A recent seqno goes to any of the three, in turn: the one pick of server 2 is retried.
      const answered = await pool.servers(3, () =>
        pool.sut.execute('goneRead', (client) => client.getCurrentTime(), { seqno: pool.head - 1 }),
      );
      assert.equal(answered.length, 3);
      assert.equal(answered.includes(2), false, 'every answer from an archival liteserver');
      assert.equal(
        await metric(pool.registry, 'tonapi_liteserver_retries_total', {
          method: 'goneRead',
          kind: 'gone',
        }),
        retriedBefore + 1,
      );
    });

    it("'state already gc'd' everywhere is the final answer, once an archival one said it too", async () => {
      for (const ls of pool.localnet.liteservers) {
        ls.setFault({
          mode: 'error',
          errorCode: 0,
          errorMessage: `cannot load state for (-1,8000000000000000,${String(pool.head - 1)}) : state already gc'd`,
        });
      }
      const before = await queries(pool.lsMetrics, { method: 'gcRead' });
      // Three reads pick each liteserver once: an archival one's answer is final at once (1 query
      // each), the pruned one's is asked again of an archival one (2 queries): 4 in all.
      for (let i = 0; i < 3; i++) {
        await assert.rejects(
          pool.sut.execute('gcRead', (client) => client.getCurrentTime(), { seqno: pool.head - 1 }),
          (e: unknown) =>
            e instanceof TonApiError &&
            e.code === ErrorCode.LITESERVER_ERROR &&
            e.message.includes("state already gc'd"),
        );
      }
      assert.equal((await queries(pool.lsMetrics, { method: 'gcRead' })) - before, 4);
    });

    it('archival calls fall back to any live liteserver when no archival one is live', async () => {
      pool.localnet.liteservers[0]?.setFault({ mode: 'drop' });
      pool.localnet.liteservers[1]?.setFault({ mode: 'drop' });
      await waitFor(
        () =>
          pool.sut.health()[0]?.connected === false && pool.sut.health()[1]?.connected === false,
        'servers 0 and 1 disconnected',
        8000,
      );
      const { server } = await pool.sut.execute('getTime', (client) => client.getCurrentTime(), {
        archival: true,
      });
      assert.equal(server, 2);
      pool.localnet.liteservers[0]?.setFault({ mode: 'none' });
      pool.localnet.liteservers[1]?.setFault({ mode: 'none' });
      await waitFor(() => pool.sut.health().every((h) => h.connected), 'all reconnected', 8000);
    });
  });
});
