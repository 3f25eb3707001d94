import { beginCell, type Cell } from '@ton/core';

/**
 * Corpus builders of get-method stacks up to and past GET_METHOD_STACK_LIMITS
 * (libs/ton/src/stack/stack-limits.ts), each returning a whole request body as JSON text (a case's
 * `rawBody`). `api` picks the dialect: `v2` (runGetMethod's legacy `[type, value]` entries), `std`
 * (runGetMethodStd's typed entries), `v3` (v3 runGetMethod's `{type, value}`), and `rpc` / `rpcStd`
 * (the v2 ones inside a JSON-RPC call).
 */
type Args = Readonly<Record<string, number | string>>;
type Builder = (args: Args) => string;

/** The corpus's usual target; the stack is refused before the account matters. */
const ADDRESS = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';

function num(args: Args, name: string, fallback: number): number {
  const value = args[name];
  return typeof value === 'number' ? value : fallback;
}

type Api = 'v2' | 'std' | 'v3' | 'rpc' | 'rpcStd';

function apiOf(args: Args): Api {
  const api = args.api ?? 'v2';
  if (api !== 'v2' && api !== 'std' && api !== 'v3' && api !== 'rpc' && api !== 'rpcStd') {
    throw new Error(`unknown stack dialect "${String(api)}"`);
  }
  return api;
}

/** The dialect-neutral entries a builder makes. */
type Entry =
  | { readonly kind: 'num' }
  | { readonly kind: 'cell'; readonly cell: Cell }
  | { readonly kind: 'tuple'; readonly elements: readonly Entry[] };

const NUMBER: Entry = { kind: 'num' };

function typed(entry: Entry): unknown {
  switch (entry.kind) {
    case 'num':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: '1' },
      };
    case 'cell':
      return {
        '@type': 'tvm.stackEntryCell',
        cell: { '@type': 'tvm.cell', bytes: entry.cell.toBoc().toString('base64') },
      };
    case 'tuple':
      return {
        '@type': 'tvm.stackEntryTuple',
        tuple: { '@type': 'tvm.tuple', elements: entry.elements.map(typed) },
      };
  }
}

function legacy(entry: Entry): unknown {
  switch (entry.kind) {
    case 'num':
      return ['num', '1'];
    case 'cell':
      return ['tvm.Cell', entry.cell.toBoc().toString('base64')];
    case 'tuple':
      return ['tuple', { '@type': 'tvm.tuple', elements: entry.elements.map(typed) }];
  }
}

function v3(entry: Entry): unknown {
  switch (entry.kind) {
    case 'num':
      return { type: 'num', value: '1' };
    case 'cell':
      return { type: 'cell', value: entry.cell.toBoc().toString('base64') };
    case 'tuple':
      throw new Error('v3 runGetMethod takes no tuples');
  }
}

/** The body of a `seqno` call with `entries` as its stack, in the dialect asked for. */
function body(args: Args, entries: readonly Entry[]): string {
  const api = apiOf(args);
  const params = {
    address: typeof args.address === 'string' ? args.address : ADDRESS,
    method: 'seqno',
    stack: entries.map(api === 'v3' ? v3 : api === 'std' || api === 'rpcStd' ? typed : legacy),
  };
  if (api === 'rpc' || api === 'rpcStd') {
    const method = api === 'rpc' ? 'runGetMethod' : 'runGetMethodStd';
    return JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  }
  return JSON.stringify(params);
}

/** A chain of `depth` + 1 cells: a valid cell argument `depth` deep. */
export function cellChain(depth: number): Cell {
  let cell = beginCell().endCell();
  for (let i = 0; i < depth; i++) {
    cell = beginCell()
      .storeUint(i & 0xff, 8)
      .storeRef(cell)
      .endCell();
  }
  return cell;
}

/** `cells` cells in a 4-ary tree, each distinct: `cells` cells in the BoC however it is shared. */
function cellTree(cells: number, salt: number): Cell {
  const built: Cell[] = [];
  for (let i = cells - 1; i >= 0; i--) {
    const builder = beginCell().storeUint(salt, 16).storeUint(i, 16);
    for (let child = 4 * i + 1; child <= Math.min(4 * i + 4, cells - 1); child++) {
      const ref = built[child];
      if (ref !== undefined) {
        builder.storeRef(ref);
      }
    }
    built[i] = builder.endCell();
  }
  return built[0] ?? beginCell().endCell();
}

const repeat = (count: number, entry: Entry): Entry[] => Array.from({ length: count }, () => entry);

export const STACK_BUILDERS: Readonly<Record<string, Builder>> = {
  /** `count` number entries (entry count; the report's 400 crashed the emulator). */
  'stack.entries': (args) => body(args, repeat(num(args, 'count', 401), NUMBER)),
  /** One tuple nested `levels` deep around a number (tuple/list nesting). */
  'stack.nested': (args) => {
    let entry: Entry = NUMBER;
    for (let i = 0; i < num(args, 'levels', 17); i++) {
      entry = { kind: 'tuple', elements: [entry] };
    }
    return body(args, [entry]);
  },
  /** One cell argument `depth` deep under `entries` - 1 numbers (the report's 320-deep cell). */
  'stack.deepCell': (args) =>
    body(args, [
      { kind: 'cell', cell: cellChain(num(args, 'depth', 320)) },
      ...repeat(num(args, 'entries', 1) - 1, NUMBER),
    ]),
  /** `entries` cell arguments of `cells` distinct cells each (total cells across entries). */
  'stack.cells': (args) =>
    body(
      args,
      Array.from({ length: num(args, 'entries', 3) }, (_, i) => ({
        kind: 'cell' as const,
        cell: cellTree(num(args, 'cells', 3000), i),
      })),
    ),
  /** `tuples` tuples of `elements` numbers each (values in all). */
  'stack.values': (args) =>
    body(
      args,
      repeat(num(args, 'tuples', 5), {
        kind: 'tuple',
        elements: repeat(num(args, 'elements', 255), NUMBER),
      }),
    ),
};
