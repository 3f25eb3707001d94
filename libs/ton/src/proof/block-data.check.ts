import { createHash } from 'node:crypto';

import { type ProofBlockId } from './block-header.check';
import { bocRoots } from './proof-boc';
import { ProofError } from './proof-error';

/**
 * liteServer.blockData id data (getBlock): `data` is the block's BoC as the network stores it, so its
 * sha256 is the id's file_hash and its one root cell hashes to the id's root_hash (tonlib and the
 * validator check a downloaded block the same way: validator/impl/block.cpp of
 * https://github.com/ton-blockchain/ton).
 */
export function checkBlockData(data: Buffer, id: ProofBlockId): void {
  const fileHash = createHash('sha256').update(data).digest();
  if (!fileHash.equals(id.fileHash)) {
    throw new ProofError(
      'block_data',
      `block data hashes to file hash ${fileHash.toString('hex')}, expected ${id.fileHash.toString('hex')}`,
    );
  }
  const roots = bocRoots(data, 'block_data', 'block data');
  const [root] = roots;
  if (!root || roots.length !== 1) {
    throw new ProofError('block_data', `block data has ${roots.length} roots, expected 1`);
  }
  if (!root.hash(0).equals(id.rootHash)) {
    throw new ProofError(
      'block_data',
      `block data's root hashes to ${root.hash(0).toString('hex')}, expected ${id.rootHash.toString('hex')}`,
    );
  }
}
