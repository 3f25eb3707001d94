import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';

import { checkBlockHeaderProof, checkStateProof } from './block-header.check';
import { flipByte, mainnetConfigAnswer } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';

void describe('checkBlockHeaderProof on mainnet block 26309435', () => {
  const answer = mainnetConfigAnswer();

  void it('proves the header and the state hash of the block its id names', () => {
    const header = checkBlockHeaderProof(answer.blockProofCell, answer.block);
    assert.equal(header.info.seqno, 26309435);
    assert.equal(header.info.workchain, -1);
    assert.equal(header.info.startLt, 34203564000000n);
    assert.equal(header.info.endLt, 34203564000007n);
    assert.equal(header.info.genUtime, 1672837938);
    assert.equal(header.globalId, -239);
    const { state } = checkStateProof(answer.blockProofCell, answer.stateProofCell, answer.block);
    assert.deepEqual(state.hash(0), header.stateHash);
  });

  void it('refuses the proof for a block id with another root hash', () => {
    const block = { ...answer.block, rootHash: flipByte(answer.block.rootHash, 31) };
    assert.throws(
      () => checkBlockHeaderProof(answer.blockProofCell, block),
      (e: unknown) => e instanceof ProofError && e.reason === 'block_header',
    );
  });

  void it('refuses a true proof filed under another seqno', () => {
    const block = { ...answer.block, seqno: answer.block.seqno + 1 };
    assert.throws(() => checkBlockHeaderProof(answer.blockProofCell, block), /proof is of block/);
  });

  void it('refuses a header whose end_lt was changed and the proof re-wrapped', () => {
    const info = answer.blockProofCell.refs[0]?.refs[0];
    assert.ok(info);
    // end_lt's lowest bit: 32+32+8+8+32+32 + 2+6+32+64 + 32 + 64 + 64 bits in
    const forged = rewrapProof(
      replaceCell(answer.blockProofCell.refs[0]!, info.hash(0), flipBit(info, 407)),
    );
    assert.throws(() => checkBlockHeaderProof(forged, answer.block), /proves .*, expected/);
  });

  void it('refuses a state proof of another state', () => {
    const otherState = rewrapProof(answer.blockProofCell.refs[0]!);
    assert.throws(
      () => checkStateProof(answer.blockProofCell, otherState, answer.block),
      (e: unknown) => e instanceof ProofError && e.reason === 'merkle_proof',
    );
  });
});
