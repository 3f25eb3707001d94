import { type ParsedBlock, parseBlock, readBoc } from '@app/ton';
import { type Cell } from '@ton/core';

/** The hashes a block is checked and labelled with (its tonNode.blockIdExt). */
export interface BlockHashes {
  readonly rootHash: Uint8Array;
  readonly fileHash: Uint8Array;
}

/**
 * What decoding a getBlock answer gives:
 * - `parsed`: the block;
 * - `unparsable`: the bytes are the block asked for, but parseBlock failed (a parser gap or an unknown
 *   TL-B constructor): the block is quarantined, not fetched again;
 * - `bad-data`: the bytes are not the block asked for (no single root, root hash mismatch, a broken
 *   BoC): the liteserver's fault, so the read is retried, on another liteserver.
 */
export type BlockDecodeResult =
  | { readonly kind: 'parsed'; readonly block: ParsedBlock }
  | { readonly kind: 'unparsable'; readonly error: string }
  | { readonly kind: 'bad-data'; readonly error: string };

/** The block's root cell, checked against the root hash it was asked by; throws on bad data. */
export function readBlockRoot(data: Uint8Array, hashes: BlockHashes): Cell {
  // readBoc: Cell.fromBoc's cells, with the hashes of plain cells taken from the BoC bytes.
  const roots = readBoc(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const root = roots[0];
  if (roots.length !== 1 || root === undefined) {
    throw new Error(`expected one root, got ${String(roots.length)}`);
  }
  if (!root.hash().equals(hashes.rootHash)) {
    throw new Error('root hash mismatch');
  }
  return root;
}

/** parseBlock of a checked root: `parsed` or `unparsable`. */
export function parseBlockRoot(root: Cell, hashes: BlockHashes): BlockDecodeResult {
  try {
    const ids = { rootHash: Buffer.from(hashes.rootHash), fileHash: Buffer.from(hashes.fileHash) };
    return { kind: 'parsed', block: parseBlock(root, ids) };
  } catch (error) {
    return { kind: 'unparsable', error: errorText(error) };
  }
}

/** A getBlock answer checked and parsed (what every BlockDecoder does, here or in a thread). */
export function decodeBlock(data: Uint8Array, hashes: BlockHashes): BlockDecodeResult {
  let root: Cell;
  try {
    root = readBlockRoot(data, hashes);
  } catch (error) {
    return { kind: 'bad-data', error: errorText(error) };
  }
  return parseBlockRoot(root, hashes);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
