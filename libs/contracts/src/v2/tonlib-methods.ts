import { z } from 'zod';

import { B64Hash, Bytes, Int32 } from './primitives';
import { InternalTransactionId, TonBlockIdExt } from './tonlib';

/**
 * tonlib wire objects of the get-method, config, library and send endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml,
 * https://github.com/toncenter/tvm_valuetypes; tonlib_api.tl `tvm.*`, `smc.*`, `configInfo`).
 */

/** `tvm.cell bytes:bytes` */
export const TvmCell = z.object({ '@type': z.literal('tvm.cell'), bytes: Bytes }).strict();
export type TvmCell = z.infer<typeof TvmCell>;

/** `tvm.slice bytes:bytes` */
export const TvmSlice = z.object({ '@type': z.literal('tvm.slice'), bytes: Bytes }).strict();

/** `tvm.numberDecimal number:string` (a TVM integer, 257 bits, in decimal). */
export const TvmNumberDecimal = z
  .object({ '@type': z.literal('tvm.numberDecimal'), number: z.string().regex(/^-?\d+$/) })
  .strict();

/** `tvm.StackEntry` as a TypeScript type (the schema below is recursive). */
export type TvmStackEntry =
  | { '@type': 'tvm.stackEntryNumber'; number: z.infer<typeof TvmNumberDecimal> }
  | { '@type': 'tvm.stackEntryCell'; cell: TvmCell }
  | { '@type': 'tvm.stackEntrySlice'; slice: z.infer<typeof TvmSlice> }
  | { '@type': 'tvm.stackEntryTuple'; tuple: TvmTupleObject }
  | { '@type': 'tvm.stackEntryList'; list: TvmListObject }
  | { '@type': 'tvm.stackEntryUnsupported' };
export interface TvmTupleObject {
  '@type': 'tvm.tuple';
  elements: TvmStackEntry[];
}
export interface TvmListObject {
  '@type': 'tvm.list';
  elements: TvmStackEntry[];
}

/** `tvm.tuple elements:vector<tvm.StackEntry>` */
export const TvmTuple: z.ZodType<TvmTupleObject> = z.lazy(() =>
  z.object({ '@type': z.literal('tvm.tuple'), elements: z.array(TvmStackEntry) }).strict(),
);
/** `tvm.list elements:vector<tvm.StackEntry>` */
export const TvmList: z.ZodType<TvmListObject> = z.lazy(() =>
  z.object({ '@type': z.literal('tvm.list'), elements: z.array(TvmStackEntry) }).strict(),
);

/** `tvm.StackEntry`: the typed entries of runGetMethodStd and of legacy tuples/lists (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const TvmStackEntry: z.ZodType<TvmStackEntry> = z.lazy(() =>
  z.discriminatedUnion('@type', [
    z.object({ '@type': z.literal('tvm.stackEntryNumber'), number: TvmNumberDecimal }).strict(),
    z.object({ '@type': z.literal('tvm.stackEntryCell'), cell: TvmCell }).strict(),
    z.object({ '@type': z.literal('tvm.stackEntrySlice'), slice: TvmSlice }).strict(),
    z.object({ '@type': z.literal('tvm.stackEntryTuple'), tuple: TvmTuple }).strict(),
    z.object({ '@type': z.literal('tvm.stackEntryList'), list: TvmList }).strict(),
    z.object({ '@type': z.literal('tvm.stackEntryUnsupported') }).strict(),
  ]),
);

/** tvm_valuetypes' cell object `{data:{b64,len}, refs, special}` (legacy `["cell", …]` entries). */
export interface LegacyCellObject {
  data: { b64: string; len: number };
  refs: LegacyCellObject[];
  special: boolean;
}
export const LegacyCellObject: z.ZodType<LegacyCellObject> = z.lazy(() =>
  z
    .object({
      data: z.object({ b64: Bytes, len: z.number().int().min(0).max(1023) }).strict(),
      refs: z.array(LegacyCellObject).max(4),
      special: z.boolean(),
    })
    .strict(),
);

/**
 * One legacy runGetMethod stack entry (https://github.com/toncenter/tvm_valuetypes, output):
 * `["num","0x…"]`, `["cell",{bytes,object}]` (cells and slices), `["tuple",tvm.tuple]`,
 * `["list",tvm.list]`, `["unsupported",""]`.
 */
export const LegacyStackEntry = z.union([
  z.tuple([z.literal('num'), z.string().regex(/^-?0x[0-9a-f]+$/)]),
  z.tuple([z.literal('cell'), z.object({ bytes: Bytes, object: LegacyCellObject }).strict()]),
  z.tuple([z.literal('tuple'), TvmTuple]),
  z.tuple([z.literal('list'), TvmList]),
  z.tuple([z.literal('unsupported'), z.literal('')]),
]);
export type LegacyStackEntry = z.infer<typeof LegacyStackEntry>;

/** `smc.runResult` of runGetMethod (legacy stack, plus where the state was read, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const SmcRunResult = z
  .object({
    '@type': z.literal('smc.runResult'),
    gas_used: Int32,
    stack: z.array(LegacyStackEntry),
    exit_code: Int32,
    block_id: TonBlockIdExt,
    last_transaction_id: InternalTransactionId,
  })
  .strict();
export type SmcRunResult = z.infer<typeof SmcRunResult>;

/** `smc.runResult` of runGetMethodStd: typed stack, no block_id / last_transaction_id (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const SmcRunResultStd = z
  .object({
    '@type': z.literal('smc.runResult'),
    gas_used: Int32,
    stack: z.array(TvmStackEntry),
    exit_code: Int32,
  })
  .strict();
export type SmcRunResultStd = z.infer<typeof SmcRunResultStd>;

/** `configInfo config:tvm.cell` (tonweb checks both `@type`s and `bytes`, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const ConfigInfo = z.object({ '@type': z.literal('configInfo'), config: TvmCell }).strict();
export type ConfigInfo = z.infer<typeof ConfigInfo>;

/** `smc.libraryEntry hash:int256 data:bytes` */
export const SmcLibraryEntry = z
  .object({ '@type': z.literal('smc.libraryEntry'), hash: B64Hash, data: Bytes })
  .strict();

/** `smc.libraryResult result:vector<smc.libraryEntry>`; unknown hashes are simply absent (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const SmcLibraryResult = z
  .object({ '@type': z.literal('smc.libraryResult'), result: z.array(SmcLibraryEntry) })
  .strict();
export type SmcLibraryResult = z.infer<typeof SmcLibraryResult>;

/** `ok` — sendBoc's whole result (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml; @ton/ton checks the literal). */
export const TonlibOk = z.object({ '@type': z.literal('ok') }).strict();
export type TonlibOk = z.infer<typeof TonlibOk>;
