import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flipBit, replaceCell, rewrapProof } from '../boc/cell-rewrite';

import { checkConfigParams } from './config-params.check';
import { flipByte, mainnetConfigAnswer } from './mainnet-answers.test-util';
import { ProofError } from './proof-error';

void describe('checkConfigParams on mainnet block 26309435', () => {
  const answer = mainnetConfigAnswer();

  void it('proves the asked params, and the absence of one the config lacks', () => {
    const params = checkConfigParams(answer, answer.block, [0, 1, 19, 34, 12345]);
    // _ config_addr:bits256 = ConfigParam 0; mainnet's config contract -1:5555…5555
    assert.equal(params.get(0)?.beginParse().loadBuffer(32).toString('hex'), '55'.repeat(32));
    // _ elector_addr:bits256 = ConfigParam 1; -1:3333…3333
    assert.equal(params.get(1)?.beginParse().loadBuffer(32).toString('hex'), '33'.repeat(32));
    const p34 = params.get(34)!.beginParse();
    assert.equal(p34.loadUint(8), 0x12); // validators_ext
    p34.skip(64);
    assert.equal(p34.loadUint(16), 230); // total, as the fixture's README counts
    assert.equal(params.get(12345), null);
  });

  void it('refuses the answer for a block it is not of', () => {
    const block = { ...answer.block, rootHash: flipByte(answer.block.rootHash) };
    assert.throws(
      () => checkConfigParams(answer, block, [34]),
      (e: unknown) => e instanceof ProofError && e.reason === 'block_header',
    );
  });

  void it('refuses a config whose elector address was changed (state proof re-wrapped)', () => {
    const state = answer.stateProofCell.refs[0]!;
    const p1 = checkConfigParams(answer, answer.block, [1]).get(1);
    assert.ok(p1);
    const forged = rewrapProof(replaceCell(state, p1.hash(), flipBit(p1, 0)));
    const forgedAnswer = { ...answer, configProof: forged.toBoc() };
    assert.throws(
      () => checkConfigParams(forgedAnswer, answer.block, [1]),
      (e: unknown) => e instanceof ProofError && e.reason === 'merkle_proof',
    );
  });

  void it('refuses bytes that are not a BoC, and an empty block proof', () => {
    const broken = { ...answer, configProof: flipByte(answer.configProof, 0) };
    assert.throws(() => checkConfigParams(broken, answer.block, [1]), /not a BoC/);
    const empty = { ...answer, stateProof: Buffer.alloc(0) };
    assert.throws(() => checkConfigParams(empty, answer.block, [1]), ProofError);
  });
});
