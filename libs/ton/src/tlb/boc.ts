import type { Cell } from '@ton/core';

import { sha256 } from './validator-set';

/**
 * The one serialisation used for file hashes: a single-root BoC without index and without CRC32C,
 * as the C++ node writes block files (std_boc_serialize with mode 0).
 */
export function serializeBoc(root: Cell): Buffer {
  return root.toBoc({ idx: false, crc32: false });
}

/** file_hash of a block or zero state: sha256 of its serialised BoC. */
export function fileHashOf(root: Cell): Buffer {
  return sha256(serializeBoc(root));
}
