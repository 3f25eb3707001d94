import { createPrivateKey, sign } from 'node:crypto';

import { keyPairFromSeed } from '@ton/crypto';

import { nodeIdShort, sha256 } from '../tlb/validator-set';
import { type ValidatorEntry } from './validator-set.reader';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Validators of the given weights with keys from fixed seeds, and a signer for each. */
export function signingValidators(weights: readonly bigint[]): {
  set: ValidatorEntry[];
  sign(i: number, m: Buffer): Buffer;
} {
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
