import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Cell } from '@ton/core';
import { TonClient } from '@ton/ton';
import TonWeb from 'tonweb';
import { type StoredBlock } from '../../apps/localnet/src/chain/chain-reader';
import { type OracleLoader, field, loadTlbOracle } from '../../apps/localnet/src/chain/tlb-oracle';
import { EXT_MSG_QUEUE_SIZE_LIMIT } from '../../apps/localnet/src/lite-api/handlers/out-msg-queue.handler';
import { startV2Harness, type V2Harness, type V2Reply } from './support/v2-harness';
import { EXTRA, blockIdJson, withoutExtra } from './support/v2-expectations';

/** The masterchain's (and an unsplit shard's) id, 0x8000000000000000 as a signed int64. */
const SHARD_ALL = '-9223372036854775808';
const FULL = 0x8000000000000000n;

function ok(result: unknown): unknown {
  return { ok: true, result };
}

function failure(error: string, code = 422): unknown {
  return { ok: false, error, code };
}

/** The reply without `@extra`, after checking the 2.1 top-level `@extra` of a GET/POST reply. */
function body(reply: V2Reply): unknown {
  assert.match(String(reply.body['@extra']), EXTRA);
  return withoutExtra(reply.body);
}

/** A JSON-RPC reply: the REST envelope plus the echoed `jsonrpc` and `id`. */
function rpcBody(reply: V2Reply, id = 1): unknown {
  assert.equal(reply.body.jsonrpc, '2.0');
  assert.equal(reply.body.id, id);
  const { jsonrpc: _jsonrpc, id: _id, ...rest } = reply.body;
  return withoutExtra(rest);
}

function defined<T>(value: T | undefined | null, what: string): T {
  assert.ok(value !== undefined && value !== null, what);
  return value;
}

/** The first root of a base64 BoC. */
function rootOf(b64: unknown): Cell {
  assert.equal(typeof b64, 'string');
  return defined(Cell.fromBoc(Buffer.from(String(b64), 'base64'))[0], 'a BoC root');
}

/** The hash of the cell a Merkle proof proves (`root.refs[0].hash(0)`). */
function provenHash(proof: Cell): string {
  assert.ok(proof.isExotic, 'a Merkle proof');
  return defined(proof.refs[0], 'the proven cell').hash(0).toString('base64');
}

/**
 * `blocks.header` as toncenter renders it, from the chain's own record of the block: the stored ids,
 * lts, time and predecessors, and the BlockInfo fields read by tlb-codegen's independent block.tlb
 * loader (tlb-oracle) from the full Block cell.
 */
let blockInfoOracle: OracleLoader | undefined;

function expectedHeader(globalId: number, b: StoredBlock): Record<string, unknown> {
  const blockCell = defined(b.block, 'a block cell');
  blockInfoOracle ??= loadTlbOracle()('loadBlockInfo');
  const info = blockInfoOracle(defined(blockCell.refs[0], 'info').beginParse());
  const num = (name: string): number => Number(field(info, name));
  return {
    '@type': 'blocks.header',
    id: blockIdJson(b.id),
    global_id: globalId,
    version: num('version'),
    flags: num('flags'),
    after_merge: num('after_merge') === 1,
    after_split: num('after_split') === 1,
    before_split: num('before_split') === 1,
    want_merge: field(info, 'want_merge') === true,
    want_split: field(info, 'want_split') === true,
    validator_list_hash_short: num('gen_validator_list_hash_short') | 0,
    catchain_seqno: num('gen_catchain_seqno'),
    min_ref_mc_seqno: num('min_ref_mc_seqno'),
    is_key_block: b.isKeyBlock,
    prev_key_block_seqno: num('prev_key_block_seqno'),
    start_lt: b.startLt.toString(),
    end_lt: b.endLt.toString(),
    gen_utime: b.genUtime,
    vert_seqno: num('vert_seq_no'),
    prev_blocks: b.prev.map(blockIdJson),
  };
}

/**
 * The v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) against the
 * genesis localnet (manual block production: the head only moves when a test seals), with values
 * read from the chain itself.
 */
describe('v2 blocks endpoints (one basechain shard)', () => {
  let harness: V2Harness;
  let head: StoredBlock;

  before(async () => {
    harness = await startV2Harness();
    head = harness.localnet.chain.head();
  });

  after(async () => {
    await harness.close();
  });

  function chain() {
    return harness.localnet.chain;
  }

  function shardTop(mcSeqno: number): StoredBlock {
    return defined(chain().shardTopsAt(mcSeqno)[0], `a shard top at ${String(mcSeqno)}`);
  }

  it('getConsensusBlock answers the head the liteservers agree on and the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    const reply = await harness.get('getConsensusBlock');
    const afterTime = Math.floor(Date.now() / 1000);
    assert.equal(reply.status, 200);
    const result = field(body(reply), 'result');
    assert.equal(field(result, '@type'), 'ext.blocks.consensusBlock');
    assert.equal(field(result, 'consensus_block'), head.id.seqno);
    const timestamp = Number(field(result, 'timestamp'));
    assert.ok(timestamp >= before && timestamp <= afterTime, `${String(timestamp)} is now`);
    const rpc = await harness.jsonRpc('getConsensusBlock', {});
    assert.equal(field(field(rpcBody(rpc), 'result'), 'consensus_block'), head.id.seqno);
  });

  it('lookupBlock by seqno answers the exact block id over GET, POST and JSON-RPC', async () => {
    const mc = defined(chain().masterchainBlock(7), 'mc 7');
    const expectedMc = ok(blockIdJson(mc.id));
    const get = await harness.get('lookupBlock', { workchain: -1, shard: SHARD_ALL, seqno: 7 });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expectedMc);
    const post = await harness.post('lookupBlock', { workchain: -1, shard: SHARD_ALL, seqno: 7 });
    assert.deepEqual(body(post), expectedMc);
    // JSON-RPC clients send int64 as strings (toncenter
    // https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
    const rpc = await harness.jsonRpc('lookupBlock', {
      workchain: '-1',
      shard: SHARD_ALL,
      seqno: '7',
    });
    assert.deepEqual(rpcBody(rpc), expectedMc);

    const shardBlock = defined(chain().block(0, FULL, 12), 'shard block 12');
    const basechain = await harness.get('lookupBlock', {
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
    const get = await harness.get('lookupBlock', {
      workchain: 0,
      shard: SHARD_ALL,
      lt: lt.toString(),
    });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), ok(blockIdJson(byLt.id)));
    const rpc = await harness.jsonRpc('lookupBlock', {
      workchain: 0,
      shard: SHARD_ALL,
      lt: lt.toString(),
    });
    assert.deepEqual(rpcBody(rpc), ok(blockIdJson(byLt.id)));

    const mc = defined(chain().masterchainBlock(30), 'mc 30');
    const byUtime = defined(chain().lookup(-1, FULL, { utime: mc.genUtime }), 'lookup by utime');
    assert.equal(byUtime.id.seqno, 30);
    const post = await harness.post('lookupBlock', {
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
      const reply = await harness.get('lookupBlock', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
    const post = await harness.post('lookupBlock', { workchain: -1, shard: 'abc', seqno: 3 });
    assert.deepEqual(body(post), failure('failed to parse post request: failed to parse shard'));
    const extra = await harness.post('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: 3,
      foo: 1,
    });
    assert.deepEqual(body(extra), failure("failed to validate request: unknown field 'foo'"));
    const rpc = await harness.jsonRpc('lookupBlock', { workchain: -1, shard: SHARD_ALL });
    assert.equal(rpc.status, 422);
    assert.deepEqual(rpcBody(rpc), failure(exactlyOne));
  });

  it('lookupBlock of a block the chain does not have is the liteserver error, 500', async () => {
    const reply = await harness.get('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: head.id.seqno + 1000,
    });
    assert.equal(reply.status, 500);
    assert.match(String(reply.body.error), /^LITE_SERVER_UNKNOWN: /);
  });

  it('getShards and shards answer the shard tops committed by a masterchain block', async () => {
    const seqno = head.id.seqno;
    const expected = ok({
      '@type': 'blocks.shards',
      shards: chain()
        .shardTopsAt(seqno)
        .map((b) => blockIdJson(b.id)),
    });
    for (const method of ['getShards', 'shards']) {
      const get = await harness.get(method, { seqno });
      assert.equal(get.status, 200, method);
      assert.deepEqual(body(get), expected, method);
      const post = await harness.post(method, { seqno });
      assert.deepEqual(body(post), expected, method);
    }
    // @ton/ton and tonweb call the JSON-RPC method `shards` (toncenter
    // https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
    const rpc = await harness.jsonRpc('shards', { seqno: String(seqno) }, 7);
    assert.deepEqual(rpcBody(rpc, 7), expected);
    const older = await harness.jsonRpc('getShards', { seqno: 3 });
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
        const reply = await harness.get(method, params);
        assert.equal(reply.status, 422, `${method} ${JSON.stringify(params)}`);
        assert.deepEqual(body(reply), failure(error), `${method} ${JSON.stringify(params)}`);
      }
    }
    const rpc = await harness.jsonRpc('shards', {});
    assert.deepEqual(rpcBody(rpc), failure('failed to parse post request: seqno required'));
  });

  it('getBlockHeader answers every header field of masterchain and shard blocks', async () => {
    const globalId = chain().globalId;
    const mc = defined(chain().masterchainBlock(head.id.seqno), 'head');
    const get = await harness.get('getBlockHeader', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: head.id.seqno,
    });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), ok(expectedHeader(globalId, mc)));

    const shardBlock = shardTop(head.id.seqno);
    const expectedShard = ok(expectedHeader(globalId, shardBlock));
    const post = await harness.post('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: shardBlock.id.seqno,
    });
    assert.deepEqual(body(post), expectedShard);
    // tonweb sends the shard as a string and reads end_lt and prev_blocks (block subscription).
    const rpc = await harness.jsonRpc('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: String(shardBlock.id.seqno),
    });
    assert.deepEqual(rpcBody(rpc), expectedShard);
    const result = field(rpcBody(rpc), 'result');
    assert.equal(typeof field(result, 'end_lt'), 'string');
    assert.equal(typeof field(result, 'gen_utime'), 'number');

    // With both hashes (hex and base64url accepted) no lookup is made; the answer is the same.
    const withHashes = await harness.get('getBlockHeader', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: shardBlock.id.seqno,
      root_hash: shardBlock.id.rootHash.toString('hex'),
      file_hash: shardBlock.id.fileHash.toString('base64url'),
    });
    assert.deepEqual(body(withHashes), expectedShard);

    // The first masterchain block's predecessor is the zero state.
    const first = defined(chain().masterchainBlock(1), 'mc 1');
    const firstReply = await harness.get('getBlockHeader', {
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
      const reply = await harness.get('getBlockHeader', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
  });

  it('getMasterchainBlockSignatures answers the local validators signatures of a block', async () => {
    const mc = defined(chain().masterchainBlock(head.id.seqno), 'head');
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
    const get = await harness.get('getMasterchainBlockSignatures', { seqno: head.id.seqno });
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expected);
    const rpc = await harness.jsonRpc('getMasterchainBlockSignatures', {
      seqno: String(head.id.seqno),
    });
    assert.deepEqual(rpcBody(rpc), expected);

    const first = defined(chain().masterchainBlock(1), 'mc 1');
    const post = await harness.post('getMasterchainBlockSignatures', { seqno: 1 });
    assert.deepEqual(
      field(field(body(post), 'result'), 'signatures'),
      defined(first.signatures, 'mc 1 signatures').map((s) => ({
        '@type': 'blocks.signature',
        node_id_short: s.nodeIdShort.toString('base64'),
        signature: s.signature.toString('base64'),
      })),
    );

    const zero = await harness.get('getMasterchainBlockSignatures', { seqno: 0 });
    assert.deepEqual(body(zero), failure('failed to validate request: seqno should be positive'));
    const missing = await harness.get('getMasterchainBlockSignatures', {});
    assert.deepEqual(body(missing), failure('failed to parse get request: seqno required'));
  });

  it('getShardBlockProof links a shard block to the masterchain block that commits it', async () => {
    const block = shardTop(10);
    const mc = defined(chain().masterchainBlock(block.mcSeqno), 'committing mc block');
    assert.equal(mc.id.seqno, 10);

    // Without from_seqno, `from` is the latest masterchain block, linked back to mc_id.
    const get = await harness.get('getShardBlockProof', {
      workchain: 0,
      shard: SHARD_ALL,
      seqno: 10,
    });
    assert.equal(get.status, 200);
    const result = field(body(get), 'result');
    assert.equal(field(result, '@type'), 'blocks.shardBlockProof');
    assert.deepEqual(field(result, 'from'), blockIdJson(head.id));
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
    assert.deepEqual(field(back, 'from'), blockIdJson(head.id));
    assert.deepEqual(field(back, 'to'), blockIdJson(mc.id));
    assert.equal(provenHash(rootOf(field(back, 'dest_proof'))), mc.id.rootHash.toString('base64'));
    assert.equal(provenHash(rootOf(field(back, 'proof'))), head.id.rootHash.toString('base64'));
    assert.equal(typeof field(back, 'state_proof'), 'string');

    // from_seqno = the committing block itself: no masterchain links.
    const same = await harness.jsonRpc('getShardBlockProof', {
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
    const mcOnly = await harness.post('getShardBlockProof', {
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
      const reply = await harness.get('getShardBlockProof', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(body(reply), failure(error), JSON.stringify(params));
    }
  });

  it('getOutMsgQueueSize answers the queue of the head and of every shard top', async () => {
    const expected = ok({
      '@type': 'blocks.outMsgQueueSizes',
      // The genesis seed settles every message, so every queue is empty.
      shards: [head, ...chain().shardTopsAt(head.id.seqno)].map((b) => ({
        '@type': 'blocks.outMsgQueueSize',
        id: blockIdJson(b.id),
        size: 0,
      })),
      ext_msg_queue_size_limit: EXT_MSG_QUEUE_SIZE_LIMIT,
    });
    const get = await harness.get('getOutMsgQueueSize');
    assert.equal(get.status, 200);
    assert.deepEqual(body(get), expected);
    const rpc = await harness.jsonRpc('getOutMsgQueueSize', {});
    assert.deepEqual(rpcBody(rpc), expected);
  });

  it('@ton/ton TonClient reads the head and the workchain shards unmodified', async () => {
    const client = new TonClient({ endpoint: `${harness.baseUrl}/api/v2/jsonRPC` });
    const info = await client.getMasterchainInfo();
    assert.deepEqual(info, {
      workchain: -1,
      shard: SHARD_ALL,
      initSeqno: 0,
      latestSeqno: head.id.seqno,
    });
    const shards = await client.getWorkchainShards(head.id.seqno);
    assert.deepEqual(
      shards,
      chain()
        .shardTopsAt(head.id.seqno)
        .map((b) => ({
          workchain: b.id.workchain,
          shard: BigInt.asIntN(64, b.id.shard).toString(),
          seqno: b.id.seqno,
        })),
    );
  });

  it('tonweb HttpProvider reads the head, block shards and block headers unmodified', async () => {
    const provider = new TonWeb.HttpProvider(`${harness.baseUrl}/api/v2/jsonRPC`);
    const info: unknown = await provider.getMasterchainInfo();
    assert.equal(field(field(info, 'last'), 'seqno'), head.id.seqno);
    const shards: unknown = await provider.getBlockShards(head.id.seqno);
    assert.deepEqual(
      field(shards, 'shards'),
      chain()
        .shardTopsAt(head.id.seqno)
        .map((b) => blockIdJson(b.id)),
    );
    const top = shardTop(head.id.seqno);
    const header: unknown = await provider.getBlockHeader(0, SHARD_ALL, top.id.seqno);
    assert.deepEqual(header, expectedHeader(chain().globalId, top));
    const mcHeader: unknown = await provider.getMasterchainBlockHeader(head.id.seqno);
    assert.equal(field(mcHeader, 'end_lt'), head.endLt.toString());
    assert.deepEqual(field(mcHeader, 'prev_blocks'), head.prev.map(blockIdJson));
  });

  it('a newly sealed block is served once it exists', async () => {
    const sealed = await harness.localnet.producer.sealNow();
    const reply = await harness.get('lookupBlock', {
      workchain: -1,
      shard: SHARD_ALL,
      seqno: sealed.id.seqno,
    });
    assert.deepEqual(body(reply), ok(blockIdJson(sealed.id)));
    const shards = await harness.jsonRpc('shards', { seqno: sealed.id.seqno });
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
});

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
