import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

type Sha256Sync = (source: Buffer | string) => Buffer;

/** node:crypto's SHA-256, with the signature of @ton/crypto's sha256_sync (strings are UTF-8). */
export const nativeSha256: Sha256Sync = (source) => createHash('sha256').update(source).digest();

/**
 * @ton/core computes every cell's representation hash with @ton/crypto's `sha256_sync`, a pure
 * JavaScript SHA-256 (jssha fed with hex strings). Building and parsing blocks hashes tens of
 * thousands of cells, and that function dominates the local network's seal time. This swaps in
 * node:crypto's SHA-256 — the same function, computed natively — by replacing the export that
 * @ton/crypto's barrel reads through a getter (so every caller, @ton/core and @ton/sandbox
 * included, sees it). Returns false, changing nothing, if the module layout is not the expected one.
 * Process-wide like installFastBitOps, and installed with it once at a process's start.
 */
export function installNativeSha256(): boolean {
  let primitives: unknown;
  try {
    primitives = createRequire(__filename)('@ton/crypto/dist/primitives/sha256');
  } catch {
    // Another @ton/crypto layout: its own sha256 stays in place.
    return false;
  }
  if (
    typeof primitives !== 'object' ||
    primitives === null ||
    !('sha256_sync' in primitives) ||
    typeof primitives.sha256_sync !== 'function'
  ) {
    return false;
  }
  Object.assign(primitives, { sha256_sync: nativeSha256 });
  return true;
}
