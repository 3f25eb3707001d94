import { type Cell, CellType } from '@ton/core';

import { ProofError, type ProofFailure } from './proof-error';

/**
 * Refuses a tree holding a pruned branch (a Merkle proof's hole): a value served to a client must be
 * whole, not a proof's outline. Iterative, so a deep tree cannot exhaust the stack.
 */
export function assertWhole(root: Cell, reason: ProofFailure, what: string): void {
  const seen = new Set<string>();
  const stack: Cell[] = [root];
  for (let cell = stack.pop(); cell; cell = stack.pop()) {
    const key = cell.hash().toString('hex');
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    if (cell.type === CellType.PrunedBranch) {
      throw new ProofError(reason, `${what} is pruned from the proof`);
    }
    stack.push(...cell.refs);
  }
}
