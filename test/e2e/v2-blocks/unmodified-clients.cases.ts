import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TonClient } from '@ton/ton';
import TonWeb from 'tonweb';
import { field } from '@app/localnet';
import { blockIdJson } from '../support/v2-expectations';
import { type BlockContext, expectedHeader, SHARD_ALL } from './block-replies';

/** @ton/ton's TonClient and tonweb's HttpProvider, unmodified, over the blocks endpoints. */
export function unmodifiedClientCases({ harness, head, chain, shardTop }: BlockContext): void {
  it('@ton/ton TonClient reads the head and the workchain shards unmodified', async () => {
    const client = new TonClient({ endpoint: `${harness().baseUrl}/api/v2/jsonRPC` });
    const info = await client.getMasterchainInfo();
    assert.deepEqual(info, {
      workchain: -1,
      shard: SHARD_ALL,
      initSeqno: 0,
      latestSeqno: head().id.seqno,
    });
    const shards = await client.getWorkchainShards(head().id.seqno);
    assert.deepEqual(
      shards,
      chain()
        .shardTopsAt(head().id.seqno)
        .map((b) => ({
          workchain: b.id.workchain,
          shard: BigInt.asIntN(64, b.id.shard).toString(),
          seqno: b.id.seqno,
        })),
    );
  });

  it('tonweb HttpProvider reads the head, block shards and block headers unmodified', async () => {
    const provider = new TonWeb.HttpProvider(`${harness().baseUrl}/api/v2/jsonRPC`);
    const info: unknown = await provider.getMasterchainInfo();
    assert.equal(field(field(info, 'last'), 'seqno'), head().id.seqno);
    const shards: unknown = await provider.getBlockShards(head().id.seqno);
    assert.deepEqual(
      field(shards, 'shards'),
      chain()
        .shardTopsAt(head().id.seqno)
        .map((b) => blockIdJson(b.id)),
    );
    const top = shardTop(head().id.seqno);
    const header: unknown = await provider.getBlockHeader(0, SHARD_ALL, top.id.seqno);
    assert.deepEqual(header, expectedHeader(chain().globalId, top));
    const mcHeader: unknown = await provider.getMasterchainBlockHeader(head().id.seqno);
    assert.equal(field(mcHeader, 'end_lt'), head().endLt.toString());
    assert.deepEqual(field(mcHeader, 'prev_blocks'), head().prev.map(blockIdJson));
  });
}
