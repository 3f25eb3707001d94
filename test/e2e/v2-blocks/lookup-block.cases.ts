import assert from 'node:assert/strict';
import { it } from 'node:test';
import { field } from '@app/localnet';
import { blockIdJson } from '../support/v2-expectations';
import {
  body,
  type BlockContext,
  defined,
  failure,
  FULL,
  ok,
  rpcBody,
  SHARD_ALL,
} from './block-replies';

/** getConsensusBlock and lookupBlock by seqno, lt and unixtime, and their refusals. */
export function lookupBlockCases({ harness, head, chain }: BlockContext): void {
  it('getConsensusBlock answers the head the liteservers agree on and the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const reply = await harness().get('getConsensusBlock');
    const afterTime = Math.floor(Date.now() / 1000);
    assert.equal(reply.status, 200);
    const result = field(body(reply), 'result');
    assert.equal(field(result, '@type'), 'ext.blocks.consensusBlock');
    assert.equal(field(result, 'consensus_block'), head().id.seqno);
    const timestamp = Number(field(result, 'timestamp'));
    assert.ok(timestamp >= before && timestamp <= afterTime, `${String(timestamp)} is now`);
    const rpc = await harness().jsonRpc('getConsensusBlock', {});
    assert.equal(field(field(rpcBody(rpc), 'result'), 'consensus_block'), head().id.seqno);
  });

  it('lookupBlock by seqno answers the exact block id over GET, POST and JSON-RPC', async () => {
    const mc = defined(chain().masterchainBlock(7), 'mc 7');
    const expectedMc = ok(blockIdJson(mc.id));
    const get = await harness().get('lookupBlock', { workchain: -1, shard: SHARD_ALL, seqno: 7 });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expectedMc);
    const post = await harness().post('lookupBlock', { workchain: -1, shard: SHARD_ALL, seqno: 7 });
    assert.deepEqual(body(post), expectedMc);
    // JSON-RPC clients send int64 as strings (toncenter
    // https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
    const rpc = await harness().jsonRpc('lookupBlock', {
      workchain: '-1',
      shard: SHARD_ALL,
      seqno: '7',
    });
    assert.deepEqual(rpcBody(rpc), expectedMc);

    const shardBlock = defined(chain().block(0, FULL, 12), 'shard block 12');
    const basechain = await harness().get('lookupBlock', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: 12,
    });
    assert.deepEqual(body(basechain), ok(blockIdJson(shardBlock.id)));
    // JSON types: workchain and seqno numbers, shard an int64 string.
    const result = field(body(basechain), 'result');
    assert.equal(typeof field(result, 'workchain'), 'number');
    assert.equal(typeof field(result, 'seqno'), 'number');
    assert.equal(field(result, 'shard'), SHARD_ALL);
  });

  it('lookupBlock by lt and by unixtime selects the block the chain selects', async () => {
    const target = defined(chain().block(0, FULL, 20), 'shard block 20');
    const lt = target.startLt + 1n;
    const byLt = defined(chain().lookup(0, FULL, { lt }), 'lookup by lt');
    assert.equal(byLt.id.seqno, 20);
    const get = await harness().get('lookupBlock', {
      workchain: 0,
      shard: SHARD_ALL,
      lt: lt.toString(),
    });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), ok(blockIdJson(byLt.id)));
    const rpc = await harness().jsonRpc('lookupBlock', {
      workchain: 0,
      shard: SHARD_ALL,
      lt: lt.toString(),
    });
    assert.deepEqual(rpcBody(rpc), ok(blockIdJson(byLt.id)));

    const mc = defined(chain().masterchainBlock(30), 'mc 30');
    const byUtime = defined(chain().lookup(-1, FULL, { utime: mc.genUtime }), 'lookup by utime');
    assert.equal(byUtime.id.seqno, 30);
    const post = await harness().post('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      unixtime: mc.genUtime,
    });
    assert.equal(post.status, 200);
    assert.deepEqual(body(post), ok(blockIdJson(byUtime.id)));
  });

  it('lookupBlock rejects bad input with toncenter 2.1 wording', async () => {
    const exactlyOne =
      'failed to validate request: exactly one of seqno, lt, unixtime should be specified';
    const cases: [Record<string, string | number>, string][] = [
      [{ workchain: -1, shard: SHARD_ALL }, exactlyOne],
      [{ workchain: -1, shard: SHARD_ALL, seqno: 3, lt: 100 }, exactlyOne],
      [{ workchain: -1, shard: SHARD_ALL, seqno: 3, lt: 100, unixtime: 5 }, exactlyOne],
      [{ shard: SHARD_ALL, seqno: 3 }, 'failed to parse get request: workchain required'],
      [{ workchain: -1, seqno: 3 }, 'failed to parse get request: shard required'],
      [
        { workchain: 'x', shard: SHARD_ALL, seqno: 3 },
        'failed to parse get request: failed to parse workchain',
      ],
      [
        { workchain: -1, shard: 'abc', seqno: 3 },
        'failed to parse get request: failed to parse shard',
      ],
      [
        { workchain: -1, shard: SHARD_ALL, seqno: 'x' },
        'failed to parse get request: failed to parse seqno',
      ],
      [
        { workchain: -1, shard: SHARD_ALL, lt: 'x' },
        'failed to parse get request: failed to parse lt',
      ],
      [
        { workchain: -1, shard: SHARD_ALL, lt: -5 },
        'failed to validate request: lt should be non-negative',
      ],
      [
        { workchain: -1, shard: SHARD_ALL, unixtime: 'now' },
        'failed to parse get request: failed to parse unixtime',
      ],
    ];
    for (const [params, error] of cases) {
      const reply = await harness().get('lookupBlock', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
    const post = await harness().post('lookupBlock', { workchain: -1, shard: 'abc', seqno: 3 });
    assert.deepEqual(body(post), failure('failed to parse post request: failed to parse shard'));
    const extra = await harness().post('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: 3,
      foo: 1,
    });
    assert.deepEqual(body(extra), failure("failed to validate request: unknown field 'foo'"));
    const rpc = await harness().jsonRpc('lookupBlock', { workchain: -1, shard: SHARD_ALL });
    assert.equal(rpc.status, 422);
    assert.deepEqual(rpcBody(rpc), failure(exactlyOne));
  });

  it('lookupBlock of a block the chain does not have is the liteserver error, 500', async () => {
    const reply = await harness().get('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: head().id.seqno + 1000,
    });
    assert.equal(reply.status, 500);
    assert.match(String(reply.body.error), /^LITE_SERVER_UNKNOWN: /);
  });
}
