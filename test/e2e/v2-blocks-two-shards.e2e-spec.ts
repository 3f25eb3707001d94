import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TonClient } from '@ton/ton';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { blockIdJson } from './support/v2-expectations';
import { body, expectedHeader, ok, rpcBody } from './v2-blocks/block-replies';

/**
 * The v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) over a
 * genesis localnet whose basechain is split in two shards: each shard is addressed by its own id.
 */
describe('v2 blocks endpoints (two basechain shards)', () => {
  let harness: V2Harness;

  before(async () => {
    harness = await startV2Harness({ shards: 2 });
  });

  after(async () => {
    await harness.close();
  });

  it('shards lists both basechain shards in ascending shard order', async () => {
    const chain = harness.localnet.chain;
    const seqno = chain.head().id.seqno;
    const tops = [...chain.shardTopsAt(seqno)].sort((a, b) => (a.id.shard < b.id.shard ? -1 : 1));
    assert.equal(tops.length, 2);
    const expected = ok({ '@type': 'blocks.shards', shards: tops.map((b) => blockIdJson(b.id)) });
    const rpc = await harness.jsonRpc('shards', { seqno });
    assert.deepEqual(rpcBody(rpc), expected);
    const get = await harness.get('getShards', { seqno });
    assert.deepEqual(body(get), expected);
    // 0x4000000000000000 and 0xc000000000000000 as signed int64.
    assert.deepEqual(
      tops.map((b) => BigInt.asIntN(64, b.id.shard).toString()),
      ['4611686018427387904', '-4611686018427387904'],
    );

    const client = new TonClient({ endpoint: `${harness.baseUrl}/api/v2/jsonRPC` });
    assert.deepEqual(
      await client.getWorkchainShards(seqno),
      tops.map((b) => ({
        workchain: 0,
        shard: BigInt.asIntN(64, b.id.shard).toString(),
        seqno: b.id.seqno,
      })),
    );
  });

  it('lookupBlock and getBlockHeader address each shard by its id', async () => {
    const chain = harness.localnet.chain;
    for (const top of chain.shardTopsAt(chain.head().id.seqno)) {
      const shard = BigInt.asIntN(64, top.id.shard).toString();
      const lookup = await harness.get('lookupBlock', { workchain: 0, shard, seqno: top.id.seqno });
      assert.deepEqual(body(lookup), ok(blockIdJson(top.id)), shard);
      const header = await harness.jsonRpc('getBlockHeader', {
        workchain: 0,
        shard,
        seqno: top.id.seqno,
      });
      assert.deepEqual(rpcBody(header), ok(expectedHeader(chain.globalId, top)), shard);
    }
  });
});
