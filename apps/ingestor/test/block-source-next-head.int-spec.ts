import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LiteserverPool, type QueryOutcome } from '@app/liteclient';
import { type Localnet, startLocalnet } from '@app/localnet';
import { BlockSource } from '../src/source/block-source';

/**
 * The caught-up follower's head read (BlockSource.nextHead) against a manual-mode localnet, whose
 * liteserver really holds a query behind liteServer.waitMasterchainSeqno until the block exists.
 */
void describe('ingestor: BlockSource.nextHead long-polls the liteserver for the next block', () => {
  let localnet: Localnet;
  let pool: LiteserverPool;
  let source: BlockSource;
  const outcomes: QueryOutcome[] = [];
  /** Every query the pool finished, by method. */
  const methods: string[] = [];

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 1 });
    pool = new LiteserverPool(
      localnet.liteservers.map((ls) => ls.endpoint),
      { timeoutMs: 20_000, attempts: 2, probeIntervalMs: 500 },
      {
        queryFinished: (_server, method, _seconds, outcome) => {
          methods.push(method);
          if (method === 'getMasterchainInfoExt') {
            outcomes.push(outcome);
          }
        },
        healthChanged: () => undefined,
      },
    );
    await pool.start();
    source = new BlockSource(pool);
  });

  after(async () => {
    pool.close();
    await localnet.stop();
  });

  void it('answers with the block asked for once it is sealed, with its hashes', async () => {
    const head = await source.headSeqno();
    const waiting = source.nextHead(head.seqno + 1, 10_000);
    const sealed = await localnet.chain.seal();
    const next = await waiting;
    assert.equal(sealed.id.seqno, head.seqno + 1);
    assert.equal(next.seqno, head.seqno + 1);
    assert.equal(next.rootHash, sealed.id.rootHash.toString('base64'));
    assert.equal(next.zeroState.rootHash, head.zeroState.rootHash);
  });

  void it('answers with the current head when no block comes within the wait, as a success', async () => {
    const head = await source.headSeqno();
    outcomes.length = 0;
    const next = await source.nextHead(head.seqno + 1, 200);
    assert.equal(next.seqno, head.seqno);
    assert.equal(next.rootHash, head.rootHash);
    // The run-out wait is neither a failure of the liteserver nor retried elsewhere.
    assert.deepEqual(outcomes, ['ok']);
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true],
    );
  });

  void it('knows the full id of the head it waited for without a lookupBlock, and looks up older blocks', async () => {
    const head = await source.headSeqno();
    const waiting = source.nextHead(head.seqno + 1, 10_000);
    const sealed = await localnet.chain.seal();
    await waiting;
    methods.length = 0;
    const id = await source.masterchainBlockId(sealed.id.seqno);
    assert.deepEqual(
      [id.workchain, id.shard, id.seqno, id.rootHash, id.fileHash],
      [-1, -(2n ** 63n), sealed.id.seqno, sealed.id.rootHash, sealed.id.fileHash],
    );
    assert.deepEqual(methods, []);
    const older = localnet.chain.masterchainBlock(head.seqno);
    assert.ok(older, `masterchain block ${String(head.seqno)}`);
    const looked = await source.masterchainBlockId(head.seqno);
    assert.deepEqual(
      [looked.seqno, looked.rootHash, looked.fileHash],
      [head.seqno, older.id.rootHash, older.id.fileHash],
    );
    assert.deepEqual(methods, ['lookupBlock']);
  });
});
