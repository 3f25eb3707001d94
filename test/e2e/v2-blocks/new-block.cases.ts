import assert from 'node:assert/strict';
import { it } from 'node:test';
import { blockIdJson } from '../support/v2-expectations';
import { body, type BlockContext, ok, rpcBody, SHARD_ALL } from './block-replies';

/** A block sealed after the boot: it moves the head, so it runs last. */
export function newBlockCases({ harness, chain }: BlockContext): void {
  it('a newly sealed block is served once it exists', async () => {
    const sealed = await harness().localnet.producer.sealNow();
    const reply = await harness().get('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: sealed.id.seqno,
    });
    assert.deepEqual(body(reply), ok(blockIdJson(sealed.id)));
    const shards = await harness().jsonRpc('shards', { seqno: sealed.id.seqno });
    assert.deepEqual(
      rpcBody(shards),
      ok({
        '@type': 'blocks.shards',
        shards: chain()
          .shardTopsAt(sealed.id.seqno)
          .map((b) => blockIdJson(b.id)),
      }),
    );
  });
}
