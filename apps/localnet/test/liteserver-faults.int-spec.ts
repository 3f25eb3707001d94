import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { LiteClient, LiteRoundRobinEngine, type LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';
import { startLiteServers, type LiteServerNode } from '../src/liteserver';
import {
  engineFor,
  seededChain,
  type SeededChain,
} from '../../../test/integration/support/localnet-harness';

const SHARD_FULL = '-9223372036854775808';

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error('condition not met in time');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

void describe('local liteserver faults and failover (two LiteServerNodes, one chain)', () => {
  let seeded: SeededChain;
  let nodes: LiteServerNode[];
  let e0: LiteSingleEngine;
  let e1: LiteSingleEngine;
  let roundRobin: LiteRoundRobinEngine;

  before(async () => {
    seeded = await seededChain(1);
    nodes = await startLiteServers(seeded.chain, { count: 2, keySeed: 'faults-spec' });
    e0 = await engineFor(nodes[0]!);
    e1 = await engineFor(nodes[1]!);
    roundRobin = new LiteRoundRobinEngine([e0, e1]);
  });

  after(async () => {
    roundRobin.close();
    await Promise.all(nodes.map((n) => n.close()));
    seeded.chain.close();
  });

  void it('runs two nodes on their own keys and ports over the same chain', async () => {
    assert.notDeepEqual(nodes[0]!.publicKey, nodes[1]!.publicKey);
    assert.notEqual(nodes[0]!.endpoint.port, nodes[1]!.endpoint.port);
    const [a, b] = await Promise.all([
      new LiteClient({ engine: e0 }).getMasterchainInfo(),
      new LiteClient({ engine: e1 }).getMasterchainInfo(),
    ]);
    assert.deepEqual(a.last.rootHash, b.last.rootHash);
  });

  void it("'error' answers every query with liteServer.error; round robin fails over", async () => {
    nodes[0]!.setFault({ mode: 'error', errorCode: 651 });
    try {
      await assert.rejects(
        new LiteClient({ engine: e0 }).getCurrentTime(),
        /^Error: node not synced$/,
      );
      const client = new LiteClient({ engine: roundRobin });
      const times = await Promise.all(Array.from({ length: 6 }, () => client.getCurrentTime()));
      assert.deepEqual(
        times,
        Array.from({ length: 6 }, () => seeded.chain.now()),
      );
    } finally {
      nodes[0]!.setFault({ mode: 'none' });
    }
  });

  void it("'lag' serves a head N masterchain blocks behind, without the newer blocks", async () => {
    await seeded.chain.seal();
    await seeded.chain.seal();
    const head = seeded.chain.head().id.seqno;
    nodes[0]!.setFault({ mode: 'lag', lagBlocks: 2 });
    try {
      const lagging = new LiteClient({ engine: e0 });
      assert.equal((await lagging.getMasterchainInfo()).last.seqno, head - 2);
      await assert.rejects(
        lagging.lookupBlockByID({ workchain: -1, shard: SHARD_FULL, seqno: head }),
        /block not found/,
      );
      // waitMasterchainSeqno on a lagging node waits for the lagged head to get there
      const waited = e0.query(
        Functions.liteServer_getMasterchainInfo,
        { kind: 'liteServer.getMasterchainInfo' },
        { awaitSeqno: head - 1, timeout: 5000 },
      );
      await seeded.chain.seal();
      assert.equal((await waited).last.seqno, head - 1);
      assert.equal(
        (await new LiteClient({ engine: e1 }).getMasterchainInfo()).last.seqno,
        head + 1,
      );
    } finally {
      nodes[0]!.setFault({ mode: 'none' });
    }
  });

  void it("'stall' accepts queries and never answers until cleared", async () => {
    nodes[0]!.setFault({ mode: 'stall' });
    try {
      await assert.rejects(
        e0.query(Functions.liteServer_getTime, { kind: 'liteServer.getTime' }, { timeout: 300 }),
        /^Error: Timeout$/,
      );
    } finally {
      nodes[0]!.setFault({ mode: 'none' });
    }
    const t = await e0.query(
      Functions.liteServer_getTime,
      { kind: 'liteServer.getTime' },
      { timeout: 2000 },
    );
    assert.equal(t.now, seeded.chain.now());
  });

  void it("'drop' closes connections and refuses new ones; round robin keeps working", async () => {
    nodes[0]!.setFault({ mode: 'drop' });
    await until(() => !e0.isReady() && nodes[0]!.connectionCount === 0);
    const client = new LiteClient({ engine: roundRobin });
    const results = await Promise.all(Array.from({ length: 8 }, () => client.getMasterchainInfo()));
    assert.ok(results.every((r) => r.last.seqno === seeded.chain.head().id.seqno));
    // a new TCP connection is closed by the server at once
    const raw = new Socket();
    raw.connect(nodes[0]!.endpoint.port, '127.0.0.1');
    await once(raw, 'close');
    assert.equal(nodes[0]!.connectionCount, 0);
    assert.throws(() => {
      nodes[0]!.setFault({ mode: 'lag', lagBlocks: -1 });
    });
  });
});
