import { type Cell, Cell as CellClass } from '@ton/core';

import { ProofError, type ProofFailure } from './proof-error';

/** The roots of a BoC from a liteserver, refusing bytes that do not parse. */
export function bocRoots(boc: Buffer, reason: ProofFailure, what: string): Cell[] {
  try {
    return CellClass.fromBoc(boc);
  } catch (error) {
    throw new ProofError(
      reason,
      `${what} is not a BoC: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The one root of a proof BoC, refusing bytes that do not parse or hold another root count. */
export function proofRoot(boc: Buffer, reason: ProofFailure, what: string): Cell {
  const [root, ...rest] = bocRoots(boc, reason, what);
  if (!root || rest.length > 0) {
    throw new ProofError(reason, `${what} has ${rest.length + (root ? 1 : 0)} roots, expected 1`);
  }
  return root;
}

/** The two roots of a {block proof, state proof} BoC (vm::std_boc_serialize_multi). */
export function proofRootPair(boc: Buffer, reason: ProofFailure, what: string): [Cell, Cell] {
  const roots = bocRoots(boc, reason, what);
  const [first, second] = roots;
  if (!first || !second || roots.length !== 2) {
    throw new ProofError(reason, `${what} has ${roots.length} roots, expected 2`);
  }
  return [first, second];
}
