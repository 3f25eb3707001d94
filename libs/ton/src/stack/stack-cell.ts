import { type Cell } from '@ton/core';
import { cellDataBytes } from '../boc/cell-data-bytes';
import { type LegacyCellObject } from './stack-json';

/** A cell as tonlib writes `bytes`: a one-root BoC with CRC32C and no index (`te6cck…`, https://github.com/ton-core/ton-lite-client). */
export function stackCellToBase64(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

/**
 * tvm_valuetypes `Cell.serialize_to_object()`: `{data:{b64,len}, refs:[…], special}` — the `object`
 * next to `bytes` in toncenter's legacy `["cell", …]` entries
 * (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp).
 */
export function legacyCellObject(cell: Cell): LegacyCellObject {
  return {
    data: { b64: cellDataBytes(cell).toString('base64'), len: cell.bits.length },
    refs: cell.refs.map(legacyCellObject),
    special: cell.isExotic,
  };
}
