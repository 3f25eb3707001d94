import assert from 'node:assert/strict';
import { it } from 'node:test';
import { EXT_MSG_QUEUE_SIZE_LIMIT, field } from '@app/localnet';
import { blockIdJson } from '../support/v2-expectations';
import {
  body,
  type BlockContext,
  defined,
  failure,
  ok,
  provenHash,
  rootOf,
  rpcBody,
  SHARD_ALL,
} from './block-replies';

/** getMasterchainBlockSignatures, getShardBlockProof and getOutMsgQueueSize. */
export function proofsAndQueueCases({ harness, head, chain, shardTop }: BlockContext): void {
  it('getMasterchainBlockSignatures answers the local validators signatures of a block', async () => {
    const mc = defined(chain().masterchainBlock(head().id.seqno), 'head');
    const signatures = defined(mc.signatures, 'signatures');
    assert.ok(signatures.length > 0);
    const expected = ok({
      '@type': 'blocks.blockSignatures',
      id: blockIdJson(mc.id),
      signatures: signatures.map((s) => ({
        '@type': 'blocks.signature',
        node_id_short: s.nodeIdShort.toString('base64'),
        signature: s.signature.toString('base64'),
      })),
    });
    const get = await harness().get('getMasterchainBlockSignatures', { seqno: head().id.seqno });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expected);
    const rpc = await harness().jsonRpc('getMasterchainBlockSignatures', {
      seqno: String(head().id.seqno),
    });
    assert.deepEqual(rpcBody(rpc), expected);

    const first = defined(chain().masterchainBlock(1), 'mc 1');
    const post = await harness().post('getMasterchainBlockSignatures', { seqno: 1 });
    assert.deepEqual(
      field(field(body(post), 'result'), 'signatures'),
      defined(first.signatures, 'mc 1 signatures').map((s) => ({
        '@type': 'blocks.signature',
        node_id_short: s.nodeIdShort.toString('base64'),
        signature: s.signature.toString('base64'),
      })),
    );

    const zero = await harness().get('getMasterchainBlockSignatures', { seqno: 0 });
    assert.deepEqual(body(zero), failure('failed to validate request: seqno should be positive'));
    const missing = await harness().get('getMasterchainBlockSignatures', {});
    assert.deepEqual(body(missing), failure('failed to parse get request: seqno required'));
  });

  it('getShardBlockProof links a shard block to the masterchain block that commits it', async () => {
    const block = shardTop(10);
    const mc = defined(chain().masterchainBlock(block.mcSeqno), 'committing mc block');
    assert.equal(mc.id.seqno, 10);

    // Without from_seqno, `from` is the latest masterchain block, linked back to mc_id.
    const get = await harness().get('getShardBlockProof', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: 10,
    });
    assert.equal(get.status, 200);
    const result = field(body(get), 'result');
    assert.equal(field(result, '@type'), 'blocks.shardBlockProof');
    assert.deepEqual(field(result, 'from'), blockIdJson(head().id));
    assert.deepEqual(field(result, 'mc_id'), blockIdJson(mc.id));
    const links = field(result, 'links');
    assert.ok(Array.isArray(links));
    assert.deepEqual(
      links.map((l) => [field(l, '@type'), field(l, 'id')]),
      [['blocks.shardBlockLink', blockIdJson(block.id)]],
    );
    // The first link's proof starts with the committing masterchain block's header proof.
    assert.equal(provenHash(rootOf(field(links[0], 'proof'))), mc.id.rootHash.toString('base64'));
    const mcProof = field(result, 'mc_proof');
    assert.ok(Array.isArray(mcProof));
    assert.equal(mcProof.length, 1);
    const back: unknown = mcProof[0];
    assert.equal(field(back, '@type'), 'blocks.blockLinkBack');
    assert.equal(field(back, 'to_key_block'), mc.isKeyBlock);
    assert.deepEqual(field(back, 'from'), blockIdJson(head().id));
    assert.deepEqual(field(back, 'to'), blockIdJson(mc.id));
    assert.equal(provenHash(rootOf(field(back, 'dest_proof'))), mc.id.rootHash.toString('base64'));
    assert.equal(provenHash(rootOf(field(back, 'proof'))), head().id.rootHash.toString('base64'));
    assert.equal(typeof field(back, 'state_proof'), 'string');

    // from_seqno = the committing block itself: no masterchain links.
    const same = await harness().jsonRpc('getShardBlockProof', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: '10',
      from_seqno: '10',
    });
    const sameResult = field(rpcBody(same), 'result');
    assert.deepEqual(field(sameResult, 'from'), blockIdJson(mc.id));
    assert.deepEqual(field(sameResult, 'mc_proof'), []);
    assert.deepEqual(field(sameResult, 'links'), links);

    // A masterchain block has no shard links; it is its own mc_id.
    const mcOnly = await harness().post('getShardBlockProof', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: 5,
      from_seqno: 5,
    });
    const five = defined(chain().masterchainBlock(5), 'mc 5');
    assert.deepEqual(
      body(mcOnly),
      ok({
        '@type': 'blocks.shardBlockProof',
        from: blockIdJson(five.id),
        mc_id: blockIdJson(five.id),
        links: [],
        mc_proof: [],
      }),
    );
  });

  it('getShardBlockProof rejects bad input', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ shard: SHARD_ALL, seqno: 3 }, 'failed to parse get request: workchain required'],
      [{ workchain: 0, seqno: 3 }, 'failed to parse get request: shard required'],
      [{ workchain: 0, shard: SHARD_ALL }, 'failed to parse get request: seqno required'],
      [
        { workchain: 0, shard: SHARD_ALL, seqno: 3, from_seqno: -1 },
        'failed to validate request: from_seqno should be non-negative',
      ],
      [
        { workchain: 0, shard: SHARD_ALL, seqno: 3, from_seqno: 'x' },
        'failed to parse get request: failed to parse from_seqno',
      ],
      [
        { workchain: 0, shard: SHARD_ALL, seqno: 10, from_seqno: 4 },
        'from_seqno 4 is older than masterchain block 10, which commits the block',
      ],
    ];
    for (const [params, error] of cases) {
      const reply = await harness().get('getShardBlockProof', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
  });

  it('getOutMsgQueueSize answers the queue of the head and of every shard top', async () => {
    const expected = ok({
      '@type': 'blocks.outMsgQueueSizes',
      // The genesis seed settles every message, so every queue is empty.
      shards: [head(), ...chain().shardTopsAt(head().id.seqno)].map((b) => ({
        '@type': 'blocks.outMsgQueueSize',
        id: blockIdJson(b.id),
        size: 0,
      })),
      ext_msg_queue_size_limit: EXT_MSG_QUEUE_SIZE_LIMIT,
    });
    const get = await harness().get('getOutMsgQueueSize');
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expected);
    const rpc = await harness().jsonRpc('getOutMsgQueueSize', {});
    assert.deepEqual(rpcBody(rpc), expected);
  });
}
