import { createPrivateKey, sign } from 'node:crypto';

import { keyPairFromSeed } from '@ton/crypto';

import { nodeIdShort, sha256, validatorListHashShort } from '../tlb/validator-set';
import { type BlockSignatureSet } from './block-signatures.check';
import { type ValidatorEntry } from './validator-set.reader';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningValidators {
  set: ValidatorEntry[];
  sign(i: number, m: Buffer): Buffer;
}

/** Validators of the given weights with keys from fixed seeds, and a signer for each. */
export function signingValidators(weights: readonly bigint[]): SigningValidators {
  const seeds = weights.map((_, i) => sha256(Buffer.from(`proof-test-validator:${i}`)));
  const seedOf = (i: number): Buffer => {
    const seed = seeds[i];
    if (!seed) {
      throw new Error(`no validator ${i}`);
    }
    return seed;
  };
  const set = weights.map((weight, index) => {
    const kp = keyPairFromSeed(seedOf(index));
    return { index, publicKey: kp.publicKey, weight, adnlAddr: nodeIdShort(kp.publicKey) };
  });
  return {
    set,
    sign: (i, m) =>
      sign(
        null,
        m,
        createPrivateKey({
          key: Buffer.concat([PKCS8_ED25519_PREFIX, seedOf(i)]),
          format: 'der',
          type: 'pkcs8',
        }),
      ),
  };
}

/** The signature set the validators at `signers` give for `message` in catchain session `cc`. */
export function signatureSetOf(
  v: SigningValidators,
  signers: readonly number[],
  cc: number,
  message: Buffer,
): BlockSignatureSet {
  return {
    validatorSetHash: validatorListHashShort(cc, v.set) | 0,
    catchainSeqno: cc,
    signatures: signers.map((i) => {
      const validator = v.set[i];
      if (validator === undefined) {
        throw new Error(`no validator ${i}`);
      }
      return { nodeIdShort: nodeIdShort(validator.publicKey), signature: v.sign(i, message) };
    }),
  };
}
