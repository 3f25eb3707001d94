import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { AdnlLiteEngine, classifyFailure } from '@app/liteclient';
import { LiteClient } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';
import { LiteServerNode, liteServerSeed, startLiteServers } from '@app/localnet';
import { seededChain, type SeededChain } from '../../../test/integration/support/localnet-harness';
import { waitFor } from '@app/testing';

const KEY_SEED = 'adnl-lite-engine-spec';

void describe(AdnlLiteEngine.name, () => {
  let seeded: SeededChain;
  let node: LiteServerNode;
  let port: number;

  /** The liteserver again on the same port with the same key, as after an operator's restart. */
  async function restart(): Promise<void> {
    node = new LiteServerNode(seeded.chain, { seed: liteServerSeed(KEY_SEED, 0), port });
    await node.start();
  }

  before(async () => {
    seeded = await seededChain(1);
    const nodes = await startLiteServers(seeded.chain, { count: 1, keySeed: KEY_SEED });
    node = nodes[0]!;
    port = node.endpoint.port;
  });

  after(async () => {
    await node.close();
    seeded.chain.close();
  });

  void it('answers lite_api queries, and liteServer.error as an Error with its message', async () => {
    const sut = new AdnlLiteEngine({ ...node.endpoint, reconnectMs: 100 });
    try {
      await once(sut, 'ready');
      const client = new LiteClient({ engine: sut });
      assert.equal((await client.getMasterchainInfo()).last.seqno, seeded.chain.head().id.seqno);
      node.setFault({ mode: 'error', errorCode: 651 });
      await assert.rejects(client.getCurrentTime(), /^Error: node not synced$/);
    } finally {
      node.setFault({ mode: 'none' });
      sut.close();
    }
  });

  void it('fails the queries of a lost connection at once, and reconnects once the liteserver is back', async () => {
    const sut = new AdnlLiteEngine({ ...node.endpoint, reconnectMs: 100 });
    try {
      await once(sut, 'ready');
      const client = new LiteClient({ engine: sut });
      node.setFault({ mode: 'stall' });
      const pending = client.getCurrentTime();
      const stopped = Date.now();
      await node.close();
      const error = await pending.then(
        () => assert.fail('answered by a stopped liteserver'),
        (e: unknown) => e,
      );
      // Not left to the 5 s query deadline: a transport failure the pool moves elsewhere.
      assert.ok(Date.now() - stopped < 1000, `failed after ${String(Date.now() - stopped)} ms`);
      assert.equal(classifyFailure(error), 'transport');
      assert.equal(sut.isReady(), false);
      // Refused connections are retried every reconnectMs (ton-lite-client's engine waits 30 s).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await restart();
      await waitFor(() => sut.isReady(), 'reconnected', 2000);
      assert.equal((await client.getCurrentTime()) > 0, true);
    } finally {
      sut.close();
    }
  });

  void it('close() is final: queries are refused and nothing reconnects', async () => {
    const sut = new AdnlLiteEngine({ ...node.endpoint, reconnectMs: 100 });
    await once(sut, 'ready');
    assert.equal(node.connectionCount, 1);
    sut.close();
    assert.equal(sut.isClosed(), true);
    await assert.rejects(
      sut.query(Functions.liteServer_getTime, { kind: 'liteServer.getTime' }),
      /^Error: Engine is closed$/,
    );
    await waitFor(() => node.connectionCount === 0, 'connection closed', 2000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(node.connectionCount, 0, 'a closed engine reconnected');
    assert.equal(sut.isReady(), false);
  });
});
