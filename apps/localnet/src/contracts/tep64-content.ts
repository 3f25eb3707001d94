import { sha256_sync } from '@ton/crypto';
import { beginCell, type Cell, Dictionary } from '@ton/core';

/** TEP-64 content layouts: the first byte tells on-chain (0x00) from off-chain (0x01) content. */
const ONCHAIN_PREFIX = 0x00;
const OFFCHAIN_PREFIX = 0x01;
/** TEP-64 snake data starts with 0x00 when it is a value of an on-chain content dictionary. */
const SNAKE_PREFIX = 0x00;

/** The TEP-64 on-chain keys are sha256 of the attribute name, as unsigned 256-bit integers. */
export function contentKey(name: string): bigint {
  return BigInt(`0x${sha256_sync(name).toString('hex')}`);
}

/**
 * On-chain content: `onchain#00 data:(HashmapE 256 ^ContentData)`, each value `snake#00 data:(SnakeData)`.
 * Keys are attribute names ("name", "symbol", "decimals", "description", "image", ...).
 */
export function onchainContent(attributes: Readonly<Record<string, string>>): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const [name, value] of Object.entries(attributes)) {
    dict.set(
      contentKey(name),
      beginCell().storeUint(SNAKE_PREFIX, 8).storeStringTail(value).endCell(),
    );
  }
  return beginCell().storeUint(ONCHAIN_PREFIX, 8).storeDict(dict).endCell();
}

/** Reads the attributes back from on-chain content (values are snake text), keyed by sha256 hex. */
export function readOnchainContent(content: Cell): Map<string, string> {
  const slice = content.beginParse();
  const prefix = slice.loadUint(8);
  if (prefix !== ONCHAIN_PREFIX) {
    throw new Error(`not TEP-64 on-chain content: prefix 0x${prefix.toString(16)}`);
  }
  const dict = slice.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  const attributes = new Map<string, string>();
  for (const [key, value] of dict) {
    const data = value.beginParse();
    data.skip(8);
    attributes.set(key.toString(16).padStart(64, '0'), data.loadStringTail());
  }
  return attributes;
}

/** Off-chain content: `offchain#01 uri:Text`, the URI as snake data. */
export function offchainContent(uri: string): Cell {
  return beginCell().storeUint(OFFCHAIN_PREFIX, 8).storeStringTail(uri).endCell();
}

/** Snake text without a prefix (an NFT's individual or common content part). */
export function snakeText(text: string): Cell {
  return beginCell().storeStringTail(text).endCell();
}

/** A text comment as wallets and explorers read it: op 0 then the text (snake). */
export function textComment(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}
