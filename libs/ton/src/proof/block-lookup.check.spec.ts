import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { loadBlockInfoOfBlock } from '../tlb/block-info';
import { checkBlockInfoProof } from './block-header.check';
import { checkBlockLookup, checkPrevUtime } from './block-lookup.check';
import { provenPrevBlocks } from './block-prev.reader';
import { headerProof, mainnetBlock } from './block-proofs.test-util';
import { ProofError } from './proof-error';

const refused = (e: unknown) => e instanceof ProofError && e.reason === 'block_lookup';

void describe('lookupBlock answers: mainnet shard block (0,a000000000000000,54302208) (block-6)', () => {
  const { root, id } = mainnetBlock('block-6.bin', 0, 0xa000000000000000n, 54302208);
  const proof = headerProof(root);
  const info = loadBlockInfoOfBlock(root);
  const asked = { workchain: 0, shard: 0xa000000000000000n, seqno: 0, lt: null, utime: null };

  void it('reads the header and its previous block from the proof', () => {
    assert.equal(info.genUtime, Date.parse('2025-07-02T13:01:50Z') / 1000);
    const proven = checkBlockInfoProof(proof, id, 'block_header');
    const [prev, ...more] = provenPrevBlocks(proven, 'block_header');
    assert.equal(more.length, 0);
    assert.ok(prev);
    assert.equal(prev.seqno, 54302207);
    assert.equal(prev.shard, 0xa000000000000000n);
    assert.ok(prev.endLt <= info.startLt);
  });

  void it('by seqno: the asked seqno, in a shard holding the asked prefix', () => {
    checkBlockLookup(proof, id, { ...asked, mode: 1, seqno: 54302208 });
    checkBlockLookup(proof, id, { ...asked, mode: 1, seqno: 54302208, shard: 0xb000000000000000n });
    assert.throws(
      () => checkBlockLookup(proof, id, { ...asked, mode: 1, seqno: 54302207 }),
      refused,
    );
    assert.throws(
      () =>
        checkBlockLookup(proof, id, {
          ...asked,
          mode: 1,
          seqno: 54302208,
          shard: 0x6000000000000000n,
        }),
      refused,
    );
  });

  void it('by lt: after the previous block ends, not after this one ends', () => {
    const [prev] = provenPrevBlocks(checkBlockInfoProof(proof, id, 'block_header'), 'block_header');
    checkBlockLookup(proof, id, { ...asked, mode: 2, lt: info.endLt });
    checkBlockLookup(proof, id, { ...asked, mode: 2, lt: prev!.endLt });
    assert.throws(
      () => checkBlockLookup(proof, id, { ...asked, mode: 2, lt: info.endLt + 1n }),
      refused,
    );
    assert.throws(
      () => checkBlockLookup(proof, id, { ...asked, mode: 2, lt: prev!.endLt - 1n }),
      refused,
    );
  });

  void it('by utime: generated at or after it; the previous block at or before it', () => {
    const outcome = checkBlockLookup(proof, id, { ...asked, mode: 4, utime: info.genUtime });
    assert.equal(outcome.prev?.seqno, 54302207);
    assert.throws(
      () => checkBlockLookup(proof, id, { ...asked, mode: 4, utime: info.genUtime + 1 }),
      refused,
    );
    // The block's own header standing in for a previous one generated at info.genUtime.
    checkPrevUtime(proof, id, info.genUtime);
    assert.throws(() => {
      checkPrevUtime(proof, id, info.genUtime - 1);
    }, refused);
  });

  void it('refuses a header proof filed under another block id', () => {
    assert.throws(
      () =>
        checkBlockLookup(proof, { ...id, seqno: 54302209 }, { ...asked, mode: 1, seqno: 54302209 }),
      /proof is of block/,
    );
  });
});
