/**
 * Simplex signature sets end to end: a local network whose validators finalize masterchain blocks
 * with Simplex certificates (`signatures: 'simplex'`) serves getBlockProof forward links carrying
 * liteServer.signatureSet.simplex; a verifying pool anchored at the zero state follows its key blocks
 * and proves the head, and refuses a liteserver whose sets carry one forged signature.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, TonApiError } from '@app/contracts';
import { AdnlLiteEngine, type LiteserverPoolService } from '@app/liteclient';
import { waitFor } from '@app/testing';
import { LiteApiSchema, type ProofBlockId, simplexCandidateBlock } from '@app/ton';
import { type BlockIdExt, type Localnet, startLocalnet, toTlBlockId } from '@app/localnet';
import {
  proofId,
  sealKeyBlock,
  startVerifyingPool,
  unverifiedByReason,
} from './lying-pool.support';

void describe('Simplex signature sets on the local network', () => {
  let localnet: Localnet;
  let anchor: ProofBlockId;
  const pools: LiteserverPoolService[] = [];
  const closers: (() => void)[] = [];

  const keyBlock = (): Promise<BlockIdExt> => sealKeyBlock(localnet);

  async function seal(blocks: number): Promise<BlockIdExt> {
    for (let i = 0; i < blocks; i++) {
      await localnet.producer.sealNow();
    }
    return localnet.chain.head().id;
  }

  const forgeSignatures = (servers: readonly number[]): void => {
    localnet.liteservers.forEach((ls, i) => {
      ls.setFault({ mode: servers.includes(i) ? 'forge-signature' : 'none' });
    });
  };

  before(async () => {
    localnet = await startLocalnet({
      seed: 'none',
      mode: 'manual',
      liteservers: 2,
      signatures: 'simplex',
    });
    anchor = proofId(localnet.chain.zeroState().id);
    await seal(2);
  });

  after(async () => {
    for (const pool of pools) {
      pool.close();
    }
    for (const close of closers) {
      close();
    }
    await localnet.stop();
  });

  void it('forward links carry a Simplex finalize certificate naming the target block', async () => {
    const key = await keyBlock();
    const [server] = localnet.liteservers;
    assert.ok(server);
    const engine = new AdnlLiteEngine({ ...server.endpoint, reconnectMs: 100 });
    closers.push(() => {
      engine.close();
    });
    await waitFor(() => engine.isReady(), 'engine connected', 8000);
    const proof = await engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
      kind: 'liteServer.getBlockProof',
      mode: 1,
      knownBlock: toTlBlockId(localnet.chain.zeroState().id),
      targetBlock: toTlBlockId(key),
    });
    assert.equal(proof.steps.length, 1);
    const [link] = proof.steps;
    assert.ok(link?.kind === 'liteServer.blockLinkForward');
    const set = link.signatures;
    assert.ok(set.kind === 'liteServer.signatureSet.simplex');
    assert.equal(set.slot, key.seqno);
    assert.equal(set.ccSeqno, 0);
    // Every one of the 3 local validators signed.
    assert.equal(set.signatures.length, 3);
    assert.deepEqual(simplexCandidateBlock(Buffer.from(set.candidate)), proofId(key));
  });

  void it('a pool anchored at the zero state follows the key blocks and proves the head', async () => {
    forgeSignatures([]);
    const provenKeyBlocks: ProofBlockId[] = [];
    const { pool, registry } = await startVerifyingPool(localnet, anchor, pools, 3, (id) =>
      provenKeyBlocks.push(id),
    );
    assert.deepEqual(pool.verifiedHead(), proofId(localnet.chain.head().id));

    // A newer key block as the head: proven by its Simplex set, it becomes the trusted one …
    const key = await keyBlock();
    await pool.probe();
    assert.deepEqual(pool.verifiedHead(), proofId(key));
    assert.deepEqual(provenKeyBlocks.at(-1), proofId(key));

    // … and the next head is proven from it.
    const head = await seal(2);
    await pool.probe();
    assert.deepEqual(pool.verifiedHead(), proofId(head));
    const info = await pool.masterchainInfo();
    assert.equal(info.value.last.seqno, head.seqno);
    assert.deepEqual(Buffer.from(info.value.last.rootHash), head.rootHash);
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true, true],
    );
    assert.deepEqual([...(await unverifiedByReason(registry)).keys()], []);
  });

  void it('a liteserver whose sets carry one forged signature is refused; the honest one serves', async () => {
    forgeSignatures([1]);
    // The honest liteserver one block behind: the forger's head is a block only the forger can be
    // asked to prove, so its set is checked whichever answers first.
    localnet.liteservers[0]?.setFault({ mode: 'lag', lagBlocks: 1 });
    const head = await seal(1);
    const { pool, registry } = await startVerifyingPool(localnet, anchor, pools);
    const honest = localnet.chain.masterchainBlock(head.seqno - 1);
    assert.ok(honest);
    assert.deepEqual(pool.verifiedHead(), proofId(honest.id));
    const info = await pool.masterchainInfo();
    assert.equal(info.server, 0);
    assert.equal(info.value.last.seqno, honest.id.seqno);
    assert.deepEqual(
      pool.health().map((h) => h.alive),
      [true, false],
    );
    const refused = await unverifiedByReason(registry);
    assert.deepEqual([...refused.keys()], ['signatures']);
    assert.ok((refused.get('signatures') ?? 0) >= 1);
  });

  void it('with every liteserver forging a signature: an error, no head proven', async () => {
    forgeSignatures([0, 1]);
    const { pool, registry } = await startVerifyingPool(localnet, anchor, pools);
    // Nothing proven beyond the anchor.
    assert.deepEqual(pool.verifiedHead(), anchor);
    await assert.rejects(pool.masterchainInfo(), (e: unknown) => {
      assert.ok(e instanceof TonApiError);
      assert.equal(e.code, ErrorCode.LITESERVER_UNAVAILABLE);
      return true;
    });
    assert.deepEqual([...(await unverifiedByReason(registry)).keys()], ['signatures']);
  });
});
