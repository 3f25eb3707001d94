import { type Cell } from '@ton/core';
import { type LegacyCellObject } from './stack-json';

/** A cell as tonlib writes `bytes`: a one-root BoC with CRC32C and no index (`te6cck…`, https://github.com/ton-core/ton-lite-client). */
export function stackCellToBase64(cell: Cell): string {
  return cell.toBoc({ idx: false, crc32: true }).toString('base64');
}

/** The data bits of a cell, zero-padded to whole bytes (no completion tag), as tvm_valuetypes keeps them. */
function paddedData(cell: Cell): Buffer {
  const bits = cell.bits;
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) {
    if (bits.at(i)) {
      out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
    }
  }
  return out;
}

/**
 * tvm_valuetypes `Cell.serialize_to_object()`: `{data:{b64,len}, refs:[…], special}` — the `object`
 * next to `bytes` in toncenter's legacy `["cell", …]` entries
 * (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp).
 */
export function legacyCellObject(cell: Cell): LegacyCellObject {
  return {
    data: { b64: paddedData(cell).toString('base64'), len: cell.bits.length },
    refs: cell.refs.map(legacyCellObject),
    special: cell.isExotic,
  };
}
