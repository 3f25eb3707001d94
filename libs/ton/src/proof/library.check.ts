import { type Cell } from '@ton/core';

import { proofRoot } from './proof-boc';
import { ProofError } from './proof-error';

/** liteServer.libraryEntry hash:int256 data:bytes. */
export interface LibraryEntry {
  readonly hash: Buffer;
  readonly data: Buffer;
}

/**
 * Checks a getLibraries answer: a library cell is named by its hash, so each entry's data must be a
 * cell of exactly the hash it is filed under, and that hash must be one that was asked for (at most
 * once). Returns the cells by hex hash; hashes the liteserver does not know are simply absent.
 */
export function checkLibraries(
  entries: readonly LibraryEntry[],
  requested: readonly Buffer[],
): Map<string, Cell> {
  const asked = new Set(requested.map((h) => h.toString('hex')));
  const out = new Map<string, Cell>();
  for (const entry of entries) {
    const key = entry.hash.toString('hex');
    if (!asked.has(key)) {
      throw new ProofError('library', `library ${key} was not asked for`);
    }
    if (out.has(key)) {
      throw new ProofError('library', `library ${key} sent twice`);
    }
    const cell = proofRoot(entry.data, 'library', `library ${key}`);
    if (!cell.hash().equals(entry.hash)) {
      throw new ProofError('library', `library ${key} holds a cell of another hash`);
    }
    out.set(key, cell);
  }
  return out;
}
