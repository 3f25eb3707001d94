import { Cell } from '@ton/core';
import { type BocShape, BocShapeError, inspectBocShape } from './boc-shape';

/** How big a client's bag of cells may be before any cell of it is built. */
export interface BocLimits {
  /** Bytes of the serialised BoC. */
  readonly maxBytes: number;
  readonly maxCells: number;
  /** Depth of the root (0 for a cell without references). */
  readonly maxDepth: number;
}

/**
 * The deepest cell TVM can hold (crypto/vm/cells/Cell.h `max_depth = 1024`): a deeper tree cannot be
 * built by a node, so a client's BoC beyond it is refused rather than sent on.
 */
export const MAX_CELL_DEPTH = 1024;

/**
 * The root cell of a client's one-root BoC, read within `limits`: the size, then the shape from the
 * bytes alone (header, cell count, forward references only, exact length, depth; see inspectBocShape),
 * and only then the cells, so a hostile BoC costs at most a pass over its own bytes. Every refusal is
 * a BocShapeError with a reason a client can read (`truncated`, `deeper than 512 cells`, …).
 * `onShape` sees the shape before any cell is built (a caller's running budget).
 */
export function readSingleRootBoc(
  bytes: Buffer,
  limits: BocLimits,
  onShape?: (shape: BocShape) => void,
): Cell {
  if (bytes.length === 0) {
    throw new BocShapeError('empty bag of cells');
  }
  if (bytes.length > limits.maxBytes) {
    throw new BocShapeError(`larger than ${String(limits.maxBytes)} bytes`);
  }
  const shape = inspectBocShape(bytes, { maxCells: limits.maxCells });
  if (shape.roots !== 1) {
    throw new BocShapeError(`expected one root cell, got ${String(shape.roots)}`);
  }
  if (shape.rootDepth > limits.maxDepth) {
    throw new BocShapeError(`deeper than ${String(limits.maxDepth)} cells`);
  }
  onShape?.(shape);
  let roots: Cell[];
  try {
    roots = Cell.fromBoc(bytes);
  } catch (error) {
    // What only building the cells finds: a bad CRC32C, an exotic cell of no known type.
    throw new BocShapeError(error instanceof Error ? error.message : String(error));
  }
  const [root] = roots;
  if (root === undefined) {
    throw new BocShapeError('expected one root cell, got 0');
  }
  return root;
}
