import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blockSignatureMessage, nodeIdShort, sha256 } from '../tlb/validator-set';
import { checkBlockSignatures, type BlockSignatureSet } from './block-signatures.check';
import { ProofError } from './proof-error';
import {
  signatureSetOf,
  type SigningValidators,
  signingValidators as validators,
} from './signing-validators.test-util';

const block = {
  workchain: -1,
  shard: 0x8000000000000000n,
  seqno: 1234,
  rootHash: sha256(Buffer.from('root')),
  fileHash: sha256(Buffer.from('file')),
};
const message = blockSignatureMessage(block.rootHash, block.fileHash);

function signatureSet(v: SigningValidators, signers: readonly number[], cc = 7): BlockSignatureSet {
  return signatureSetOf(v, signers, cc, message);
}

const refused = (pattern: RegExp) => (e: unknown) =>
  e instanceof ProofError && e.reason === 'signatures' && pattern.test(e.message);

void describe('checkBlockSignatures', () => {
  const v = validators([10n, 10n, 10n, 40n]);

  void it('accepts signatures of more than 2/3 of the weight', () => {
    checkBlockSignatures(block, signatureSet(v, [0, 3]), v.set); // 50 of 70
    checkBlockSignatures(block, signatureSet(v, [0, 1, 2, 3]), v.set);
  });

  void it('refuses exactly 2/3 of the weight, and less', () => {
    const fourOfSix = validators([1n, 1n, 1n, 1n, 1n, 1n]);
    assert.throws(
      () => {
        checkBlockSignatures(block, signatureSet(fourOfSix, [0, 1, 2, 3]), fourOfSix.set);
      },
      refused(/not over 2\/3/),
    );
    assert.throws(
      () => {
        checkBlockSignatures(block, signatureSet(v, [3]), v.set);
      },
      refused(/not over/),
    );
  });

  void it('refuses a signature with one flipped byte', () => {
    const set = signatureSet(v, [0, 1, 2, 3]);
    const [first, ...rest] = set.signatures;
    assert.ok(first);
    const bad = Buffer.from(first.signature);
    bad[5] = (bad[5] ?? 0) ^ 0x40;
    const forged = { ...set, signatures: [{ ...first, signature: bad }, ...rest] };
    assert.throws(
      () => {
        checkBlockSignatures(block, forged, v.set);
      },
      refused(/bad signature/),
    );
  });

  void it('refuses signatures of another block id', () => {
    const other = { ...block, fileHash: sha256(Buffer.from('other file')) };
    assert.throws(
      () => {
        checkBlockSignatures(other, signatureSet(v, [0, 1, 2, 3]), v.set);
      },
      refused(/bad signature/),
    );
  });

  void it('refuses a validator signing twice, even when the rest would be enough', () => {
    const set = signatureSet(v, [3, 3, 0]);
    assert.throws(
      () => {
        checkBlockSignatures(block, set, v.set);
      },
      refused(/signed twice/),
    );
  });

  void it('refuses a signer from outside the set', () => {
    const stranger = validators([1n, 1n, 1n, 1n, 1n]);
    const set = signatureSet(v, [0, 1, 2, 3]);
    const foreign = {
      nodeIdShort: nodeIdShort(stranger.set[4]!.publicKey),
      signature: stranger.sign(4, message),
    };
    assert.throws(
      () => {
        checkBlockSignatures(
          block,
          { ...set, signatures: [...set.signatures.slice(0, 3), foreign] },
          v.set,
        );
      },
      refused(/not a validator of the set/),
    );
  });

  void it('refuses a validator_set_hash of another set or session', () => {
    const set = signatureSet(v, [0, 1, 2, 3]);
    assert.throws(
      () => {
        checkBlockSignatures(block, { ...set, validatorSetHash: set.validatorSetHash ^ 1 }, v.set);
      },
      refused(/validator_set_hash/),
    );
    assert.throws(
      () => {
        checkBlockSignatures(block, { ...set, catchainSeqno: 8 }, v.set);
      },
      refused(/validator_set_hash/),
    );
  });

  void it('refuses more signatures than validators before verifying any', () => {
    const set = signatureSet(v, [0, 1, 2, 3]);
    const padded = { ...set, signatures: [...set.signatures, ...set.signatures] };
    assert.throws(
      () => {
        checkBlockSignatures(block, padded, v.set);
      },
      refused(/8 signatures for 4/),
    );
  });
});
