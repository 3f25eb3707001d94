import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as 64 lower-case hex digits: the shape of toncenter's keys, so clients that check it pass. */
const API_KEY_SHAPE = /^[0-9a-f]{64}$/;

/** A new key: 256 bits from the system CSPRNG. */
export function generateApiKey(): string {
  return randomBytes(32).toString('hex');
}

/** Whether `presented` can be one of our keys at all (anything else is refused without a lookup). */
export function isWellFormedApiKey(presented: string): boolean {
  return API_KEY_SHAPE.test(presented.toLowerCase());
}

/**
 * The stored form of a key: its SHA-256 in hex. A fast unsalted hash is enough because the secret is
 * 256 random bits, not a password: no dictionary or brute force can invert it, while a slow KDF
 * would cost CPU on every cache miss and a salt would prevent the indexed lookup by hash.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key.toLowerCase()).digest('hex');
}
