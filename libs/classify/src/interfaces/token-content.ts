import { readSnakeBytes, TEP64_NAME_BY_KEY } from '@app/ton';
import { type Cell, Dictionary, type Slice } from '@ton/core';

/** snake#00 data:bits rest:^Snake, or chunked#01 (TEP-64 content data). */
function readContentData(cell: Cell): string {
  const s = cell.beginParse();
  const tag = s.remainingBits >= 8 ? s.loadUint(8) : 0;
  if (tag === 0x01) {
    const chunks = s.loadDict(Dictionary.Keys.Uint(32), Dictionary.Values.Cell());
    return [...chunks.keys()]
      .sort((a, b) => a - b)
      .map((k) => {
        const chunk = chunks.get(k);
        return chunk === undefined ? '' : snakeText(chunk.beginParse());
      })
      .join('');
  }
  return snakeText(s);
}

function snakeText(s: Slice): string {
  return readSnakeBytes(s).toString('utf8');
}

/**
 * TEP-64 token content: `offchain#01 uri:Text` → `{ uri }`; `onchain#00 data:(HashmapE 256 ^ContentData)`
 * → the known keys by name (unknown keys by their hex hash). Off-chain URIs are stored for a later fetch,
 * never fetched here. Content that does not parse is recorded as `{ _raw: base64 BoC }`.
 */
export function parseTokenContent(content: Cell): Record<string, string> {
  try {
    const s = content.beginParse();
    const layout = s.loadUint(8);
    if (layout === 0x01) {
      return { uri: snakeText(s) };
    }
    if (layout === 0x00) {
      const dict = s.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
      const out: Record<string, string> = {};
      for (const [key, value] of dict) {
        out[TEP64_NAME_BY_KEY.get(key) ?? key.toString(16).padStart(64, '0')] =
          readContentData(value);
      }
      return out;
    }
  } catch {
    // Content that is neither TEP-64 layout, or breaks off: recorded in its raw form (doc above).
  }
  return { _raw: content.toBoc().toString('base64') };
}
