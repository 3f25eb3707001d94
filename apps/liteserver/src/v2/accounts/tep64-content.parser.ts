import { type TokenContent } from '@app/contracts';
import { readSnakeBytes, TEP64_NAME_BY_KEY } from '@app/ton';
import { type Cell, Dictionary, type DictionaryValue, type Slice } from '@ton/core';

/** TEP-64: `onchain#00 data:(HashmapE 256 ^ContentData)`, `offchain#01 uri:Text`. */
const ONCHAIN = 0x00;
const OFFCHAIN = 0x01;
/** ContentData: `snake#00 data:(SnakeData ~n)` or `chunks#01 data:ChunkedData`. */
const SNAKE = 0x00;
const CHUNKED = 0x01;

/** A dictionary value as TEP-64 writers store it: a reference (the standard) or inline (accepted). */
const contentValue: DictionaryValue<Slice> = {
  serialize: () => {
    throw new Error('TEP-64 content is only read here');
  },
  parse: (src) =>
    src.remainingBits === 0 && src.remainingRefs === 1 ? src.loadRef().beginParse() : src,
};

const chunkValue: DictionaryValue<Buffer> = {
  serialize: () => {
    throw new Error('TEP-64 content is only read here');
  },
  parse: (src) => readSnakeBytes(src.loadRef().beginParse()),
};

/** ContentData: snake (0x00) or chunked (0x01, `HashmapE 32 ^(SnakeData ~0)` concatenated by index). */
function readContentData(slice: Slice): Buffer {
  const prefix = slice.loadUint(8);
  if (prefix === SNAKE) {
    return readSnakeBytes(slice);
  }
  if (prefix === CHUNKED) {
    const chunks = slice.loadDict(Dictionary.Keys.Uint(32), chunkValue);
    const indexes = chunks.keys().sort((a, b) => a - b);
    return Buffer.concat(indexes.map((i) => chunks.get(i) ?? Buffer.alloc(0)));
  }
  throw new Error(`unknown TEP-64 content data prefix 0x${prefix.toString(16)}`);
}

/** UTF-8 text, or undefined when the bytes are not valid UTF-8 (2.1 drops such values). */
function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: 2.1 leaves the value out.
    return undefined;
  }
}

/**
 * TEP-64 token content as toncenter 2.1 renders it in getTokenData
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): on-chain
 * attributes by name (known names only; `image_data` as base64; invalid UTF-8 dropped), or the off-chain URI.
 */
export function parseTep64Content(content: Cell): TokenContent {
  const slice = content.beginParse();
  const prefix = slice.loadUint(8);
  if (prefix === OFFCHAIN) {
    return { type: 'offchain', data: utf8(readSnakeBytes(slice)) ?? '' };
  }
  if (prefix !== ONCHAIN) {
    throw new Error(`unknown TEP-64 content prefix 0x${prefix.toString(16)}`);
  }
  const dict = slice.loadDict(Dictionary.Keys.BigUint(256), contentValue);
  const data: Record<string, string> = {};
  for (const [key, value] of dict) {
    // toncenter 2.1 keeps only the known names.
    const name = TEP64_NAME_BY_KEY.get(key);
    if (name === undefined) {
      continue;
    }
    const bytes = readContentData(value);
    const text = name === 'image_data' ? bytes.toString('base64') : utf8(bytes);
    if (text !== undefined) {
      data[name] = text;
    }
  }
  return { type: 'onchain', data };
}
