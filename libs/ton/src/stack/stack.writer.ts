import { type TupleItem } from '@ton/core';
import { legacyCellObject, stackCellToBase64 } from './stack-cell';
import { type LegacyStackEntry, type TonlibStackEntry } from './stack-json';

/**
 * The elements of a TVM list — `null` or a 2-tuple whose second element is again a list — or
 * undefined when `item` is not one. tonlib renders such values as `tvm.stackEntryList` (and a bare
 * null as an empty list), every other tuple as `tvm.stackEntryTuple`.
 */
function listElements(item: TupleItem): TupleItem[] | undefined {
  const elements: TupleItem[] = [];
  let node = item;
  for (;;) {
    if (node.type === 'null') {
      return elements;
    }
    if (node.type !== 'tuple' || node.items.length !== 2) {
      return undefined;
    }
    const [head, tail] = node.items;
    if (head === undefined || tail === undefined) {
      return undefined;
    }
    elements.push(head);
    node = tail;
  }
}

/** A TVM value as tonlib's typed `tvm.StackEntry` (runGetMethodStd; tuple/list elements, https://github.com/ton-blockchain/ton/blob/HEAD/crypto/block/block.tlb). */
export function toTonlibStackEntry(item: TupleItem): TonlibStackEntry {
  switch (item.type) {
    case 'int':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: item.value.toString() },
      };
    case 'cell':
      return {
        '@type': 'tvm.stackEntryCell',
        cell: { '@type': 'tvm.cell', bytes: stackCellToBase64(item.cell) },
      };
    case 'slice':
      return {
        '@type': 'tvm.stackEntrySlice',
        slice: { '@type': 'tvm.slice', bytes: stackCellToBase64(item.cell) },
      };
    case 'null':
    case 'tuple': {
      const list = listElements(item);
      if (list) {
        return {
          '@type': 'tvm.stackEntryList',
          list: { '@type': 'tvm.list', elements: list.map(toTonlibStackEntry) },
        };
      }
      const items = item.type === 'tuple' ? item.items : [];
      return {
        '@type': 'tvm.stackEntryTuple',
        tuple: { '@type': 'tvm.tuple', elements: items.map(toTonlibStackEntry) },
      };
    }
    case 'nan':
    case 'builder':
      // tonlib has no stack entry for NaN or builders.
      return { '@type': 'tvm.stackEntryUnsupported' };
  }
}

/** `["num","0x…"]`: lowercase hex, `-0x…` for negatives (tvm_valuetypes `hex(int)`; tonweb parses base 16). */
function legacyNumber(value: bigint): LegacyStackEntry {
  return ['num', value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`];
}

/**
 * A TVM value in toncenter's legacy runGetMethod form
 * (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp): numbers as hex,
 * cells **and slices** as `["cell",{bytes,object}]`, tuples and lists as tonlib objects, anything
 * else `["unsupported",""]`.
 */
export function toLegacyStackEntry(item: TupleItem): LegacyStackEntry {
  switch (item.type) {
    case 'int':
      return legacyNumber(item.value);
    case 'cell':
    case 'slice':
      return ['cell', { bytes: stackCellToBase64(item.cell), object: legacyCellObject(item.cell) }];
    case 'null':
    case 'tuple':
    case 'nan':
    case 'builder': {
      const typed = toTonlibStackEntry(item);
      if (typed['@type'] === 'tvm.stackEntryList') {
        return ['list', typed.list];
      }
      if (typed['@type'] === 'tvm.stackEntryTuple') {
        return ['tuple', typed.tuple];
      }
      return ['unsupported', ''];
    }
  }
}

export function toLegacyStack(items: readonly TupleItem[]): LegacyStackEntry[] {
  return items.map(toLegacyStackEntry);
}

export function toTonlibStack(items: readonly TupleItem[]): TonlibStackEntry[] {
  return items.map(toTonlibStackEntry);
}
