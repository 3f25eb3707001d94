import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TonClient } from '@ton/ton';
import { bootOnce } from '../support/boot-once';
import { startV2Harness } from '../support/v2-harness';
import { blockIdJson } from '../support/v2-expectations';
import { body, expectedHeader, ok, rpcBody } from './block-replies';

/**
 * A genesis localnet whose basechain is split in two shards, booted by its own describe: each shard
 * is addressed by its own id.
 */
export function twoShardSuite(): void {
  describe('v2 blocks endpoints (two basechain shards)', () => {
    const harness = bootOnce(() => startV2Harness({ shards: 2 }));

    it('shards lists both basechain shards in ascending shard order', async () => {
      const chain = harness().localnet.chain;
      const seqno = chain.head().id.seqno;
      const tops = [...chain.shardTopsAt(seqno)].sort((a, b) => (a.id.shard < b.id.shard ? -1 : 1));
      assert.equal(tops.length, 2);
      const expected = ok({ '@type': 'blocks.shards', shards: tops.map((b) => blockIdJson(b.id)) });
      const rpc = await harness().jsonRpc('shards', { seqno });
      assert.deepEqual(rpcBody(rpc), expected);
      const get = await harness().get('getShards', { seqno });
      assert.deepEqual(body(get), expected);
      // 0x4000000000000000 and 0xc000000000000000 as signed int64.
      assert.deepEqual(
        tops.map((b) => BigInt.asIntN(64, b.id.shard).toString()),
        ['4611686018427387904', '-4611686018427387904'],
      );

      const client = new TonClient({ endpoint: `${harness().baseUrl}/api/v2/jsonRPC` });
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
      const chain = harness().localnet.chain;
      for (const top of chain.shardTopsAt(chain.head().id.seqno)) {
        const shard = BigInt.asIntN(64, top.id.shard).toString();
        const lookup = await harness().get('lookupBlock', {
          workchain: 0,
          shard,
          seqno: top.id.seqno,
        });
        assert.deepEqual(body(lookup), ok(blockIdJson(top.id)), shard);
        const header = await harness().jsonRpc('getBlockHeader', {
          workchain: 0,
          shard,
          seqno: top.id.seqno,
        });
        assert.deepEqual(rpcBody(header), ok(expectedHeader(chain.globalId, top)), shard);
      }
    });
  });
}
