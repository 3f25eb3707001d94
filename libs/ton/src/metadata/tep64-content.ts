import { sha256_sync } from '@ton/crypto';
import { type Slice } from '@ton/core';

/**
 * The on-chain attribute names of TEP-64 token content that toncenter knows
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/tokens.py). On-chain keys are
 * sha256(name), so the name of any other key cannot be recovered.
 */
export const TEP64_ATTRIBUTE_NAMES = [
  'uri',
  'name',
  'description',
  'image',
  'image_data',
  'symbol',
  'decimals',
  'amount_style',
  'render_type',
] as const;

/** The known attribute names by their on-chain key, sha256(name). */
export const TEP64_NAME_BY_KEY: ReadonlyMap<bigint, string> = new Map(
  TEP64_ATTRIBUTE_NAMES.map((name) => [BigInt(`0x${sha256_sync(name).toString('hex')}`), name]),
);

/** The bytes of snake data: this cell's whole bytes, then its first reference's, and so on. */
export function readSnakeBytes(slice: Slice): Buffer {
  const parts: Buffer[] = [];
  let current: Slice | undefined = slice;
  while (current) {
    parts.push(current.loadBuffer(Math.floor(current.remainingBits / 8)));
    current = current.remainingRefs > 0 ? current.loadRef().beginParse() : undefined;
  }
  return Buffer.concat(parts);
}
