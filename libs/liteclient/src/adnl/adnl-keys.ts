import { createHash } from 'node:crypto';
import { ed25519, x25519 } from '@noble/curves/ed25519';

/** TL `pub.ed25519 key:int256 = PublicKey` constructor id, as written on the wire (little-endian). */
const PUB_ED25519_TAG = Buffer.from([0xc6, 0xb4, 0x13, 0x48]); // 0x4813b4c6 LE

export interface AdnlKeyPair {
  /** The 32-byte ed25519 seed (private key). */
  readonly seed: Buffer;
  /** The 32-byte ed25519 public key: what a global config publishes as `id.key`. */
  readonly publicKey: Buffer;
  /** ADNL short id: sha256 of the TL-serialised `pub.ed25519` key. Clients open a connection with it. */
  readonly keyId: Buffer;
}

export function adnlKeyPairFromSeed(seed: Buffer): AdnlKeyPair {
  if (seed.length !== 32) {
    throw new Error(`an ed25519 seed is 32 bytes, got ${seed.length}`);
  }
  const publicKey = Buffer.from(ed25519.getPublicKey(seed));
  return { seed: Buffer.from(seed), publicKey, keyId: adnlKeyId(publicKey) };
}

export function adnlKeyId(publicKey: Buffer): Buffer {
  return createHash('sha256').update(PUB_ED25519_TAG).update(publicKey).digest();
}

/**
 * The ECDH secret both ends of an ADNL-TCP handshake derive: x25519 over the Montgomery forms of the two
 * ed25519 keys (what @noble/ed25519 getSharedSecret does on the client side). Throws on a public key
 * that is not a valid curve point.
 */
export function adnlSharedSecret(seed: Buffer, peerEd25519Public: Buffer): Buffer {
  const priv = ed25519.utils.toMontgomerySecret(seed);
  const pub = ed25519.utils.toMontgomery(peerEd25519Public);
  return Buffer.from(x25519.getSharedSecret(priv, pub));
}
