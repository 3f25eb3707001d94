import {
  Address,
  beginCell,
  external,
  internal,
  storeMessage,
  storeMessageRelaxed,
} from '@ton/core';
import { chainCells, rawBoc, treeCells } from './raw-boc';
import { STACK_BUILDERS } from './stack-builders';

/**
 * The big or byte-exact inputs of the corpus, made in code rather than stored: a corpus value
 * `{"$build": "<name>", "args": {...}}` is replaced by what the builder returns (a string: base64
 * for BoCs, raw JSON text for bodies). Each builder says what it breaks.
 */
export type BuildArgs = Readonly<Record<string, number | string>>;
type Builder = (args: BuildArgs) => string;

function num(args: BuildArgs, name: string, fallback: number): number {
  const value = args[name];
  return typeof value === 'number' ? value : fallback;
}

function text(args: BuildArgs, name: string, fallback: string): string {
  const value = args[name];
  return typeof value === 'string' ? value : fallback;
}

const DESTINATION = Address.parseRaw(`0:${'83'.repeat(32)}`);

/** A valid external-in message to DESTINATION with an empty body: what the mutations start from. */
function externalMessageBoc(): Buffer {
  return beginCell()
    .store(storeMessage(external({ to: DESTINATION, body: beginCell().endCell() })))
    .endCell()
    .toBoc({ idx: false, crc32: false });
}

const b64 = (bytes: Buffer): string => bytes.toString('base64');

const BUILDERS: Readonly<Record<string, Builder>> = {
  // --- BoCs (base64) ---------------------------------------------------------------------------
  /** A well-formed external message: the baseline the others break. */
  'boc.external': () => b64(externalMessageBoc()),
  /** An internal message: a valid BoC that is no external inbound message. */
  'boc.internal': () =>
    b64(
      beginCell()
        .store(storeMessageRelaxed(internal({ to: DESTINATION, value: 1n, bounce: false })))
        .endCell()
        .toBoc(),
    ),
  /** The first four bytes are not any BoC magic. */
  'boc.badMagic': () => {
    const bytes = externalMessageBoc();
    bytes.writeUInt32BE(0xdeadbeef, 0);
    return b64(bytes);
  },
  /** size = 7 (at most 4 bytes per cell index). */
  'boc.sizeBytesTooLarge': () => b64(rawBoc([{}], { sizeBytes: 7 })),
  /** off_bytes = 9 (at most 8). */
  'boc.offBytesTooLarge': () => b64(rawBoc([{}], { offBytes: 9 })),
  /** The header claims `cells` cells (default 2^32-1) while one is there. */
  'boc.cellCountLie': (args) =>
    b64(rawBoc([{}], { sizeBytes: 4, claimedCells: num(args, 'cells', 2 ** 32 - 1) })),
  /** The header claims `roots` roots (default 2^32-1): a root list longer than the file. */
  'boc.rootCountLie': (args) =>
    b64(
      rawBoc([{}, {}], {
        sizeBytes: 4,
        claimedCells: 2 ** 32 - 1,
        claimedRoots: num(args, 'roots', 2 ** 32 - 2),
      }),
    ),
  /** Cell 0 refers to cell 1 and cell 1 back to cell 0: a cycle. */
  'boc.cyclic': () => b64(rawBoc([{ refs: [1] }, { refs: [0] }])),
  /** Cell 0 refers to itself. */
  'boc.selfReference': () => b64(rawBoc([{ refs: [0] }])),
  /** Cell 1 refers back to cell 0 (the standard order puts parents first). */
  'boc.backwardReference': () => b64(rawBoc([{}, { refs: [0] }], { roots: [1] })),
  /** A reference to a cell index that does not exist. */
  'boc.refOutOfRange': () => b64(rawBoc([{ refs: [200] }])),
  /** d1 announces 7 references (at most 4). */
  'boc.badDescriptor': () => b64(rawBoc([{ d1: 7 }])),
  /** An exotic cell whose data is no exotic type. */
  'boc.badExotic': () => b64(rawBoc([{ exotic: true, data: Buffer.from([0xee, 1, 2, 3]) }])),
  /** `cells` valid cells in a 4-ary tree (2^16 by default): big but shallow. */
  'boc.manyCells': (args) => b64(rawBoc(treeCells(num(args, 'cells', 2 ** 16)))),
  /** A chain `depth` + 1 cells long (1100 by default): deeper than the 1024 TVM allows. */
  'boc.deepChain': (args) => b64(rawBoc(chainCells(num(args, 'depth', 1100) + 1))),
  /** `roots` roots (1000 by default) over one cell. */
  'boc.manyRoots': (args) =>
    b64(rawBoc([{}], { roots: Array.from({ length: num(args, 'roots', 1000) }, () => 0) })),
  /** Roots + absent beyond the cell count. */
  'boc.absentCells': () => b64(rawBoc([{}, {}], { absent: 1 })),
  /** A valid message cut `cut` bytes short (default 3). */
  'boc.truncated': (args) => {
    const bytes = externalMessageBoc();
    return b64(bytes.subarray(0, bytes.length - num(args, 'cut', 3)));
  },
  /** A valid message followed by `extra` junk bytes (default 16). */
  'boc.trailing': (args) =>
    b64(Buffer.concat([externalMessageBoc(), Buffer.alloc(num(args, 'extra', 16), 0xab)])),
  /** A valid message with the has_crc32c flag and a wrong checksum. */
  'boc.badCrc': () => {
    const message = beginCell()
      .store(storeMessage(external({ to: DESTINATION, body: beginCell().endCell() })))
      .endCell()
      .toBoc({ idx: false, crc32: true });
    const last = message.length - 1;
    message[last] = (message[last] ?? 0) ^ 0xff;
    return b64(message);
  },
  /** Only the magic. */
  'boc.magicOnly': () => b64(Buffer.from([0xb5, 0xee, 0x9c, 0x72])),

  // --- JSON texts and long strings --------------------------------------------------------------
  /** `{"<field>": [[[…]]]}` nested `depth` deep (default 10,000). */
  'json.deepField': (args) => {
    const depth = num(args, 'depth', 10_000);
    return `{"${text(args, 'field', 'stack')}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  },
  /** `{"a":{"a":…}}` nested `depth` deep. */
  'json.deepObject': (args) => {
    const depth = num(args, 'depth', 10_000);
    return `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
  },
  /** A JSON-RPC batch of `size` getMasterchainInfo calls (default 10,000). */
  'json.rpcBatch': (args) =>
    JSON.stringify(
      Array.from({ length: num(args, 'size', 10_000) }, (_, id) => ({
        jsonrpc: '2.0',
        id,
        method: text(args, 'method', 'getMasterchainInfo'),
        params: {},
      })),
    ),
  /** An object with `keys` distinct unknown keys (default 50,000). */
  'json.manyKeys': (args) =>
    JSON.stringify(
      Object.fromEntries(Array.from({ length: num(args, 'keys', 50_000) }, (_, i) => [`k${i}`, i])),
    ),
  /** `{"<field>": [1, 1, …]}` with `length` elements (default 100,000). */
  'json.hugeArray': (args) =>
    `{"${text(args, 'field', 'libraries')}":[${Array.from({ length: num(args, 'length', 100_000) }, () => '1').join(',')}]}`,
  /** `char` repeated `length` times (a long parameter value). */
  'text.repeat': (args) => text(args, 'char', 'A').repeat(num(args, 'length', 4000)),

  // --- get-method stacks (whole bodies), in their own file ---------------------------------------
  ...STACK_BUILDERS,
};

export function buildValue(name: string, args: BuildArgs = {}): string {
  const builder = BUILDERS[name];
  if (builder === undefined) {
    throw new Error(`unknown corpus builder "${name}"`);
  }
  return builder(args);
}

export const BUILDER_NAMES: readonly string[] = Object.keys(BUILDERS);
