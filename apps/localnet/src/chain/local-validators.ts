import { createPrivateKey, type KeyObject, sign } from 'node:crypto';

import { keyPairFromSeed } from '@ton/crypto';

import { blockSignatureMessage, nodeIdShort, sha256, type ValidatorDescr } from '@app/ton';

import type { BlockIdExt, StoredSignature } from './chain-reader';

/** DER prefix of a PKCS#8 ed25519 private key (RFC 8410) followed by the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** One local validator: an ed25519 key pair derived from a fixed seed, so ids are deterministic. */
export interface LocalValidator {
  readonly publicKey: Buffer;
  readonly secretKey: Buffer;
  /** The same key for node:crypto's native ed25519 (tweetnacl's signing is ~100x slower). */
  readonly privateKey: KeyObject;
  readonly nodeIdShort: Buffer;
  readonly descr: ValidatorDescr;
}

export function createLocalValidators(
  count: number,
  seedLabel = 'localnet-validator',
): LocalValidator[] {
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new Error(`validators must be an integer in 1..100, got ${count}`);
  }
  return Array.from({ length: count }, (_, i) => {
    const seed = sha256(Buffer.from(`${seedLabel}:${i}`));
    const kp = keyPairFromSeed(seed);
    const id = nodeIdShort(kp.publicKey);
    return {
      publicKey: kp.publicKey,
      secretKey: kp.secretKey,
      privateKey: createPrivateKey({
        key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
        format: 'der',
        type: 'pkcs8',
      }),
      nodeIdShort: id,
      descr: { publicKey: kp.publicKey, weight: 1n, adnlAddr: id },
    };
  });
}

/** Every validator's signature over TL `ton.blockId root_cell_hash file_hash` of the block. */
export function signBlock(
  validators: readonly LocalValidator[],
  id: BlockIdExt,
): StoredSignature[] {
  const message = blockSignatureMessage(id.rootHash, id.fileHash);
  return validators.map((v) => ({
    nodeIdShort: v.nodeIdShort,
    signature: sign(null, message, v.privateKey),
  }));
}
