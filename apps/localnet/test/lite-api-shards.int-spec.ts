import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toNano } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { LiteClient, type LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';
import { LocalChain } from '../src/chain/local-chain';
import { startLiteServers, type LiteServerNode } from '../src/liteserver';
import {
  engineFor,
  expectedAccount,
  fromTreasury,
  keys,
} from '../../../test/integration/support/localnet-harness';

const LEFT = '4611686018427387904'; // 0x4000000000000000
const RIGHT = '-4611686018427387904'; // 0xc000000000000000

void describe('lite_api on a two-shard LocalChain', () => {
  let chain: LocalChain;
  let node: LiteServerNode;
  let engine: LiteSingleEngine;
  let client: LiteClient;
  const wallets: WalletContractV4[] = [];

  before(async () => {
    chain = await LocalChain.create({ shards: 2, startTime: 1_700_000_000 });
    const treasury = await chain.blockchain.treasury('two-shards');
    // wallets until both shards (first address bit 0 and 1) hold one
    for (
      let i = 0;
      wallets.length < 2 || new Set(wallets.map((w) => w.address.hash[0]! >> 7)).size < 2;
      i++
    ) {
      const w = WalletContractV4.create({
        workchain: 0,
        publicKey: keys(`two-shards-${i}`).publicKey,
      });
      if (wallets.some((x) => x.address.hash[0]! >> 7 === w.address.hash[0]! >> 7)) {
        continue;
      }
      wallets.push(w);
      chain.submit(fromTreasury(treasury.address, w.address, toNano('3')));
    }
    await chain.settle();
    const started = await startLiteServers(chain, { count: 1 });
    node = started[0]!;
    engine = await engineFor(node);
    client = new LiteClient({ engine });
  });

  after(async () => {
    engine.close();
    await node.close();
    chain.close();
  });

  void it('getAllShardsInfo lists both shards with their top seqnos', async () => {
    const head = chain.head();
    const info = await client.getMasterchainInfo();
    const shards = await client.getAllShardsInfo(info.last);
    const tops = chain.shardTopsAt(head.id.seqno);
    const expected = Object.fromEntries(
      tops.map((t) => [BigInt.asIntN(64, t.id.shard).toString(), t.id.seqno]),
    );
    assert.deepEqual(shards.shards, { 0: expected });
    assert.deepEqual(Object.keys(expected).sort(), [RIGHT, LEFT].sort());
  });

  void it('reads each account from the block of its own shard', async () => {
    const info = await client.getMasterchainInfo();
    for (const w of wallets) {
      const expected = expectedAccount(chain, w.address);
      const sut = await client.getAccountState(w.address, info.last);
      assert.equal(sut.shardBlock.shard, w.address.hash[0]! >> 7 === 1 ? RIGHT : LEFT);
      assert.deepEqual(sut.shardBlock.rootHash, expected.block.id.rootHash);
      assert.equal(sut.balance.coins, expected.account.storage.balance.coins);
      assert.equal(sut.lastTx?.lt, expected.lastTransLt);
    }
  });

  void it('getShardInfo finds exact shards and refuses the unsplit shard', async () => {
    const info = await client.getMasterchainInfo();
    const right = chain
      .shardTopsAt(chain.head().id.seqno)
      .find((t) => t.id.shard === 0xc000000000000000n)!;
    const sut = await engine.query(Functions.liteServer_getShardInfo, {
      kind: 'liteServer.getShardInfo',
      id: info.last,
      workchain: 0,
      shard: RIGHT,
      exact: true,
    });
    assert.deepEqual(sut.shardblk.rootHash, right.id.rootHash);
    // a non-exact lookup of a sub-shard resolves to the shard containing it
    const sub = await engine.query(Functions.liteServer_getShardInfo, {
      kind: 'liteServer.getShardInfo',
      id: info.last,
      workchain: 0,
      shard: '-2305843009213693952', // 0xe000000000000000
      exact: false,
    });
    assert.deepEqual(sub.shardblk.rootHash, right.id.rootHash);
    await assert.rejects(
      engine.query(Functions.liteServer_getShardInfo, {
        kind: 'liteServer.getShardInfo',
        id: info.last,
        workchain: 0,
        shard: '-9223372036854775808',
        exact: false,
      }),
      /cannot find shard/,
    );
  });
});
