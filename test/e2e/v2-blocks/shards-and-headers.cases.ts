import assert from 'node:assert/strict';
import { it } from 'node:test';
import { field } from '@app/localnet';
import { blockIdJson } from '../support/v2-expectations';
import {
  body,
  type BlockContext,
  defined,
  expectedHeader,
  failure,
  ok,
  rpcBody,
  SHARD_ALL,
} from './block-replies';

/** getShards (shards) and getBlockHeader against the chain's shard tops and block records. */
export function shardsAndHeaderCases({ harness, head, chain, shardTop }: BlockContext): void {
  it('getShards and shards answer the shard tops committed by a masterchain block', async () => {
    const seqno = head().id.seqno;
    const expected = ok({
      '@type': 'blocks.shards',
      shards: chain()
        .shardTopsAt(seqno)
        .map((b) => blockIdJson(b.id)),
    });
    for (const method of ['getShards', 'shards']) {
      const get = await harness().get(method, { seqno });
      assert.equal(get.status, 200, method);
      assert.deepEqual(body(get), expected, method);
      const post = await harness().post(method, { seqno });
      assert.deepEqual(body(post), expected, method);
    }
    // @ton/ton and tonweb call the JSON-RPC method `shards` (toncenter
    // https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
    const rpc = await harness().jsonRpc('shards', { seqno: String(seqno) }, 7);
    assert.deepEqual(rpcBody(rpc, 7), expected);
    const older = await harness().jsonRpc('getShards', { seqno: 3 });
    assert.deepEqual(
      rpcBody(older),
      ok({ '@type': 'blocks.shards', shards: [blockIdJson(shardTop(3).id)] }),
    );
  });

  it('getShards rejects bad input with toncenter 2.1 wording', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{}, 'failed to parse get request: seqno required'],
      [{ seqno: 0 }, 'failed to validate request: seqno should be positive'],
      [{ seqno: -3 }, 'failed to validate request: seqno should be positive'],
      [{ seqno: 'abc' }, 'failed to parse get request: failed to parse seqno'],
    ];
    for (const method of ['getShards', 'shards']) {
      for (const [params, error] of cases) {
        const reply = await harness().get(method, params);
        assert.equal(reply.status, 422, `${method} ${JSON.stringify(params)}`);
        assert.deepEqual(body(reply), failure(error), `${method} ${JSON.stringify(params)}`);
      }
    }
    const rpc = await harness().jsonRpc('shards', {});
    assert.deepEqual(rpcBody(rpc), failure('failed to parse post request: seqno required'));
  });

  it('getBlockHeader answers every header field of masterchain and shard blocks', async () => {
    const globalId = chain().globalId;
    const mc = defined(chain().masterchainBlock(head().id.seqno), 'head');
    const get = await harness().get('getBlockHeader', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: head().id.seqno,
    });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), ok(expectedHeader(globalId, mc)));

    const shardBlock = shardTop(head().id.seqno);
    const expectedShard = ok(expectedHeader(globalId, shardBlock));
    const post = await harness().post('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: shardBlock.id.seqno,
    });
    assert.deepEqual(body(post), expectedShard);
    // tonweb sends the shard as a string and reads end_lt and prev_blocks (block subscription).
    const rpc = await harness().jsonRpc('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: String(shardBlock.id.seqno),
    });
    assert.deepEqual(rpcBody(rpc), expectedShard);
    const result = field(rpcBody(rpc), 'result');
    assert.equal(typeof field(result, 'end_lt'), 'string');
    assert.equal(typeof field(result, 'gen_utime'), 'number');

    // With both hashes (hex and base64url accepted) no lookup is made; the answer is the same.
    const withHashes = await harness().get('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: shardBlock.id.seqno,
      root_hash: shardBlock.id.rootHash.toString('hex'),
      file_hash: shardBlock.id.fileHash.toString('base64url'),
    });
    assert.deepEqual(body(withHashes), expectedShard);

    // The first masterchain block's predecessor is the zero state.
    const first = defined(chain().masterchainBlock(1), 'mc 1');
    const firstReply = await harness().get('getBlockHeader', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: 1,
    });
    assert.deepEqual(body(firstReply), ok(expectedHeader(globalId, first)));
    assert.deepEqual(first.prev.map(blockIdJson), [blockIdJson(chain().zeroState().id)]);
  });

  it('getBlockHeader rejects bad input with toncenter 2.1 wording', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ shard: SHARD_ALL, seqno: 3 }, 'failed to parse get request: workchain required'],
      [{ workchain: -1, seqno: 3 }, 'failed to parse get request: shard required'],
      [{ workchain: -1, shard: SHARD_ALL }, 'failed to parse get request: seqno required'],
      [
        { workchain: -1, shard: SHARD_ALL, seqno: -1 },
        'failed to parse get request: failed to parse seqno',
      ],
      [{ workchain: -1, shard: SHARD_ALL, seqno: 3, root_hash: 'xyz' }, "invalid hash: 'xyz'"],
      [{ workchain: -1, shard: SHARD_ALL, seqno: 3, file_hash: 'abcd' }, "invalid hash: 'abcd'"],
    ];
    for (const [params, error] of cases) {
      const reply = await harness().get('getBlockHeader', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
  });
}
