import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, Cell } from '@ton/core';

import { readFixture } from '@app/testing';

import { validatorListHashShort } from '../tlb/validator-set';
import { checkBlockHeaderProof, checkStateProof } from './block-header.check';
import { mainnetConfigAnswer } from './mainnet-answers.test-util';
import { checkMerkleProof } from './merkle-proof.check';
import { provenConfigParam, readMcStateParts } from './mc-state.reader';
import { ProofError } from './proof-error';
import { readShuffleMcValidators, readValidatorSet } from './validator-set.reader';
import { masterchainValidators } from './validator-subset';

void describe('the masterchain validators of a mainnet block', () => {
  const answer = mainnetConfigAnswer();
  const header = checkBlockHeaderProof(answer.blockProofCell, answer.block);
  const { state } = checkStateProof(answer.blockProofCell, answer.stateProofCell, answer.block);
  const { config } = readMcStateParts(state, 'config');
  const set = readValidatorSet(provenConfigParam(config, 34)!);
  const shuffle = readShuffleMcValidators(provenConfigParam(config, 28)!);
  const cc = header.info.genCatchainSeqno;

  void it('reads ConfigParam 34 and 28 as mainnet has them', () => {
    assert.equal(set.list.length, 230);
    assert.equal(set.main, 100);
    assert.equal(shuffle, true);
    assert.equal(cc, 391431);
  });

  void it('hashes the shuffled pick of session 391431 to the header gen_validator_list_hash_short', () => {
    const signers = masterchainValidators(set, shuffle, cc);
    assert.equal(signers.length, 100);
    assert.equal(validatorListHashShort(cc, signers), header.info.genValidatorListHashShort);
    assert.equal(header.info.genValidatorListHashShort, 0xa6780b9b);
  });

  void it('gives another hash for the unshuffled pick, another session, or a changed weight', () => {
    const expected = header.info.genValidatorListHashShort;
    assert.notEqual(validatorListHashShort(cc, masterchainValidators(set, false, cc)), expected);
    assert.notEqual(
      validatorListHashShort(cc + 1, masterchainValidators(set, true, cc + 1)),
      expected,
    );
    const signers = masterchainValidators(set, shuffle, cc);
    const [first, ...rest] = signers;
    assert.ok(first);
    const heavier = [{ ...first, weight: first.weight + 1n }, ...rest];
    assert.notEqual(validatorListHashShort(cc, heavier), expected);
  });

  void it('reads the 400-validator set of mainnet state 65466080', () => {
    const root = Cell.fromBoc(readFixture('mainnet', 'config', 'config_proof_65466080.boc'))[0]!;
    const state65 = checkMerkleProof(root, root.refs[0]!.hash(0), 'config', 'state');
    const p34 = provenConfigParam(readMcStateParts(state65, 'config').config, 34)!;
    const set65 = readValidatorSet(p34);
    assert.equal(set65.list.length, 400);
    assert.equal(set65.utimeSince, 1778208520);
    assert.deepEqual(
      set65.list.map((v) => v.index),
      Array.from({ length: 400 }, (_, i) => i),
    );
  });

  void it('refuses a validator set whose total_weight is not the sum of the weights', () => {
    const p34 = provenConfigParam(config, 34)!;
    const s = p34.beginParse();
    const b = beginCell().storeUint(s.loadUint(8), 8).storeUint(s.loadUintBig(64), 64);
    b.storeUint(s.loadUint(32), 32).storeUint(s.loadUintBig(64) + 1n, 64);
    b.storeSlice(s);
    assert.throws(
      () => readValidatorSet(b.endCell()),
      (e: unknown) => e instanceof ProofError && e.message.includes('total_weight'),
    );
  });
});
