import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  checkBlockSignatures,
  ProofError,
  sha256,
  simplexCandidateBlock,
  validatorListHashShort,
  type ValidatorEntry,
} from '@app/ton';

import type { BlockIdExt } from './chain-reader';
import { createLocalValidators } from './local-validators';
import { signSimplexFinalize, simplexFinalizeBytes } from './simplex-finalize';

const validators = createLocalValidators(3);
const signers: ValidatorEntry[] = validators.map((v, index) => ({
  index,
  publicKey: v.publicKey,
  weight: v.descr.weight,
  adnlAddr: v.nodeIdShort,
}));

function block(seqno: number): BlockIdExt {
  return {
    workchain: -1,
    shard: 0x8000000000000000n,
    seqno,
    rootHash: sha256(Buffer.from(`root ${String(seqno)}`)),
    fileHash: sha256(Buffer.from(`file ${String(seqno)}`)),
  };
}

void describe('Simplex finalize certificates of the local validators', () => {
  void it('signs TL consensus.dataToSign of a finalize vote, byte for byte', () => {
    const sessionId = Buffer.alloc(32, 0x11);
    const candidate = Buffer.from('candidate');
    assert.equal(
      simplexFinalizeBytes(sessionId, 7, candidate).toString('hex'),
      [
        'f83de3a8', // consensus.dataToSign
        '11'.repeat(32), // session_id
        '2c', // data:bytes, 44 bytes long
        '05e1a740', // consensus.simplex.finalizeVote
        '3fcd91b6', // consensus.candidateId
        '07000000', // slot
        sha256(candidate).toString('hex'), // hash
        '000000', // padding to 4 bytes
      ].join(''),
    );
  });

  void it('names the block in its candidate, chained to the previous one of the session', () => {
    const first = signSimplexFinalize(validators, block(5), undefined);
    const second = signSimplexFinalize(validators, block(6), first);
    assert.equal(first.slot, 5);
    assert.equal(second.slot, 6);
    assert.deepEqual(second.sessionId, first.sessionId);
    assert.deepEqual(simplexCandidateBlock(second.candidate), block(6));
    // consensus.candidateParent (consensus.candidateId slot:5 sha256(first candidate)) ends it.
    assert.equal(
      second.candidate.subarray(-44).toString('hex'),
      'f19a4b1a' + '3fcd91b6' + '05000000' + sha256(first.candidate).toString('hex'),
    );
    // A session's first block has no parent: consensus.candidateWithoutParents.
    assert.equal(first.candidate.subarray(-4).toString('hex'), 'a9cccb22');
    // Another validator set is another session: no parent across it.
    const rotated = signSimplexFinalize(createLocalValidators(3, 'rotated'), block(7), second);
    assert.notDeepEqual(rotated.sessionId, second.sessionId);
    assert.equal(rotated.candidate.subarray(-4).toString('hex'), 'a9cccb22');
  });

  void it('is accepted by the proof checker, and refused for another block', () => {
    const id = block(9);
    const certificate = signSimplexFinalize(validators, id, undefined);
    const set = {
      validatorSetHash: validatorListHashShort(0, signers) | 0,
      catchainSeqno: 0,
      signatures: certificate.signatures,
      simplex: certificate,
    };
    checkBlockSignatures(id, set, signers);
    assert.throws(
      () => {
        checkBlockSignatures(block(10), set, signers);
      },
      (e: unknown) => e instanceof ProofError && e.reason === 'signatures',
    );
  });
});
