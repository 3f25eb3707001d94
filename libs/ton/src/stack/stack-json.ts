/**
 * The JSON shapes of a TVM stack as tonlib and toncenter v2 write them (tonlib_api.tl `tvm.*`,
 * toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * Plain data: the contracts library holds the matching zod schemas.
 */

/** `tvm.numberDecimal number:string` */
export interface TvmNumberDecimal {
  '@type': 'tvm.numberDecimal';
  number: string;
}

/** `tvm.cell bytes:bytes` / `tvm.slice bytes:bytes` (a BoC in standard base64). */
export interface TvmCell {
  '@type': 'tvm.cell';
  bytes: string;
}
export interface TvmSlice {
  '@type': 'tvm.slice';
  bytes: string;
}

/** `tvm.tuple elements:vector<tvm.StackEntry>` / `tvm.list elements:vector<tvm.StackEntry>` */
export interface TvmTuple {
  '@type': 'tvm.tuple';
  elements: TonlibStackEntry[];
}
export interface TvmList {
  '@type': 'tvm.list';
  elements: TonlibStackEntry[];
}

/** `tvm.StackEntry`: the typed entries of runGetMethodStd and of tuples/lists in the legacy form. */
export type TonlibStackEntry =
  | { '@type': 'tvm.stackEntryNumber'; number: TvmNumberDecimal }
  | { '@type': 'tvm.stackEntryCell'; cell: TvmCell }
  | { '@type': 'tvm.stackEntrySlice'; slice: TvmSlice }
  | { '@type': 'tvm.stackEntryTuple'; tuple: TvmTuple }
  | { '@type': 'tvm.stackEntryList'; list: TvmList }
  | { '@type': 'tvm.stackEntryUnsupported' };

/** tvm_valuetypes' cell object: data bits zero-padded to whole bytes, their count, refs, exotic flag. */
export interface LegacyCellObject {
  data: { b64: string; len: number };
  refs: LegacyCellObject[];
  special: boolean;
}

/** One entry of the legacy runGetMethod stack (toncenter https://github.com/toncenter/tvm_valuetypes, output side). */
export type LegacyStackEntry =
  | ['num', string]
  | ['cell', { bytes: string; object: LegacyCellObject }]
  | ['tuple', TvmTuple]
  | ['list', TvmList]
  | ['unsupported', ''];
