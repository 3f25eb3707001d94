import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, BitString, type Cell, external, storeMessage } from '@ton/core';
import fc from 'fast-check';
import {
  checkExternalMessageBoc,
  DEFAULT_EXTERNAL_MESSAGE_LIMITS,
  ExternalMessageRejection,
} from '../message/external-message.check';
import { BocShapeError, inspectBocShape } from './boc-shape';
import { MAX_CELL_DEPTH, readSingleRootBoc } from './single-root-boc';

/** Bounded and seeded, so CI runs the same cases every time (a failure prints its seed and path). */
const RUNS = { numRuns: 300, seed: 0xb0c };
const LIMITS = { maxBytes: 1 << 16, maxCells: 1 << 13, maxDepth: MAX_CELL_DEPTH };
/** What one read of a BoC of at most a few kilobytes may take, however it is broken. */
const MAX_READ_MS = 250;

/** A cell of 0…1016 data bits over up to four children, `depth` levels of children at most. */
function cellTree(depth: number): fc.Arbitrary<Cell> {
  const data = fc.tuple(fc.uint8Array({ maxLength: 127 }), fc.nat({ max: 7 }));
  const build = ([bytes, drop]: [Uint8Array, number], refs: readonly Cell[]): Cell => {
    const bits = Math.max(0, bytes.length * 8 - drop);
    const builder = beginCell().storeBits(new BitString(Buffer.from(bytes), 0, bits));
    for (const ref of refs) {
      builder.storeRef(ref);
    }
    return builder.endCell();
  };
  if (depth === 0) {
    return data.map((d) => build(d, []));
  }
  return fc
    .tuple(data, fc.array(cellTree(depth - 1), { maxLength: 4 }))
    .map(([d, refs]) => build(d, refs));
}

const cell = cellTree(3);
const bocOptions = fc.record({ idx: fc.boolean(), crc32: fc.boolean() });
const serialized = fc.tuple(cell, bocOptions).map(([root, options]) => root.toBoc(options));

/** A valid BoC broken one way: bits flipped, cut short, or followed by junk. */
const mutated = fc.oneof(
  fc.tuple(serialized, fc.array(fc.nat(), { minLength: 1, maxLength: 8 })).map(([bytes, flips]) => {
    const out = Buffer.from(bytes);
    for (const flip of flips) {
      const bit = flip % (out.length * 8);
      out[bit >> 3] = (out[bit >> 3] ?? 0) ^ (0x80 >> (bit & 7));
    }
    return { kind: 'flipped' as const, bytes: out };
  }),
  fc.tuple(serialized, fc.nat()).map(([bytes, cut]) => ({
    kind: 'truncated' as const,
    bytes: bytes.subarray(0, cut % bytes.length),
  })),
  fc
    .tuple(serialized, fc.uint8Array({ minLength: 1, maxLength: 64 }))
    .map(([bytes, junk]) => ({ kind: 'appended' as const, bytes: Buffer.concat([bytes, junk]) })),
);

/** Any bytes, half of them behind a real magic so that the header parser is reached. */
const arbitraryBytes = fc.oneof(
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
  fc
    .tuple(fc.constantFrom(0xb5ee9c72, 0x68ff65f3, 0xacc3a728), fc.uint8Array({ maxLength: 512 }))
    .map(([magic, rest]) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(magic);
      return Buffer.concat([head, rest]);
    }),
);

/** What `read` returns, or undefined when it refused; anything thrown but `allowed` fails the property. */
function attempt<T>(
  read: () => T,
  allowed: new (...args: never[]) => Error,
  timing: { max: number },
): T | undefined {
  const started = performance.now();
  try {
    return read();
  } catch (error) {
    assert.ok(error instanceof allowed, `threw ${String(error)}`);
    return undefined;
  } finally {
    timing.max = Math.max(timing.max, performance.now() - started);
  }
}

describe('BoC readers (property-based)', () => {
  it('refuse arbitrary bytes only with their typed errors, in bounded time', () => {
    const timing = { max: 0 };
    fc.assert(
      fc.property(arbitraryBytes, (bytes) => {
        attempt(() => inspectBocShape(bytes, LIMITS), BocShapeError, timing);
        attempt(() => readSingleRootBoc(bytes, LIMITS), BocShapeError, timing);
        attempt(
          () => checkExternalMessageBoc(bytes, DEFAULT_EXTERNAL_MESSAGE_LIMITS),
          ExternalMessageRejection,
          timing,
        );
      }),
      RUNS,
    );
    assert.ok(timing.max < MAX_READ_MS, `slowest read ${timing.max.toFixed(1)} ms`);
  });

  it('refuse every truncated or padded BoC, and read a bit-flipped one only if it is whole', () => {
    const timing = { max: 0 };
    fc.assert(
      fc.property(mutated, ({ kind, bytes }) => {
        const root = attempt(() => readSingleRootBoc(bytes, LIMITS), BocShapeError, timing);
        attempt(
          () => checkExternalMessageBoc(bytes, DEFAULT_EXTERNAL_MESSAGE_LIMITS),
          ExternalMessageRejection,
          timing,
        );
        if (kind !== 'flipped') {
          assert.equal(root, undefined, `a ${kind} BoC was read`);
        } else if (root !== undefined) {
          // Whatever a flip left readable is a real cell tree: it serialises and reads back.
          assert.ok(readSingleRootBoc(root.toBoc(), LIMITS).equals(root));
        }
      }),
      RUNS,
    );
    assert.ok(timing.max < MAX_READ_MS, `slowest read ${timing.max.toFixed(1)} ms`);
  });

  it('read valid BoCs back to the same cells, with the shape @ton/core sees', () => {
    fc.assert(
      fc.property(cell, bocOptions, (root, options) => {
        const bytes = root.toBoc(options);
        const shape = inspectBocShape(bytes, LIMITS);
        assert.equal(shape.roots, 1);
        assert.equal(shape.rootDepth, root.depth());
        assert.ok(readSingleRootBoc(bytes, LIMITS).equals(root));
      }),
      RUNS,
    );
  });

  it('refuse a valid BoC past a limit with the limit named', () => {
    fc.assert(
      fc.property(cell, (root) => {
        const bytes = root.toBoc();
        const shape = inspectBocShape(bytes, LIMITS);
        assert.throws(() => readSingleRootBoc(bytes, { ...LIMITS, maxCells: shape.cells - 1 }), {
          name: 'BocShapeError',
          message: `more than ${String(shape.cells - 1)} cells`,
        });
        if (shape.rootDepth > 0) {
          assert.throws(
            () => readSingleRootBoc(bytes, { ...LIMITS, maxDepth: shape.rootDepth - 1 }),
            { name: 'BocShapeError', message: `deeper than ${String(shape.rootDepth - 1)} cells` },
          );
        }
      }),
      RUNS,
    );
  });

  it('check valid external messages to their hash', () => {
    const destination = fc
      .tuple(fc.constantFrom(0, -1), fc.uint8Array({ minLength: 32, maxLength: 32 }))
      .map(([wc, hash]) => new Address(wc, Buffer.from(hash)));
    fc.assert(
      fc.property(destination, cellTree(2), bocOptions, (to, body, options) => {
        const message = beginCell()
          .store(storeMessage(external({ to, body })))
          .endCell();
        const checked = checkExternalMessageBoc(
          message.toBoc(options),
          DEFAULT_EXTERNAL_MESSAGE_LIMITS,
        );
        assert.ok(checked.hash.equals(message.hash()));
        assert.ok(checked.destination.equals(to));
      }),
      RUNS,
    );
  });
});
