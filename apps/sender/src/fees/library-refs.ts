import { type Cell, CellType } from '@ton/core';

/** How many distinct cells one scan visits at most (a code tree is far smaller). */
const MAX_CELLS = 1 << 16;

/**
 * Hashes of the library cells a code tree refers to (`library reference` exotic cells:
 * `0x02` then the 256-bit hash of the library's root). The transaction emulator does not fetch
 * libraries itself, so they are looked up before it runs, as the collator has them in the state.
 */
export function libraryRefsOf(roots: readonly (Cell | undefined)[]): Buffer[] {
  const seen = new Set<string>();
  const found = new Map<string, Buffer>();
  const queue = roots.filter((root): root is Cell => root !== undefined);
  for (let cell = queue.pop(); cell !== undefined && seen.size < MAX_CELLS; cell = queue.pop()) {
    const key = cell.hash().toString('hex');
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    if (cell.type === CellType.Library) {
      const hash = cell.beginParse(true).skip(8).loadBuffer(32);
      found.set(hash.toString('hex'), hash);
    }
    queue.push(...cell.refs);
  }
  return [...found.values()];
}
