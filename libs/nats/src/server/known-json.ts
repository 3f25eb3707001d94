import { randomBytes } from 'node:crypto';

/** Objects whose JSON text is already known (they never change once remembered). */
const known = new WeakMap<object, string>();

/**
 * What a remembered object is swapped for while the rest is serialised: a string no reply can hold
 * by chance (a NUL, which JSON writes as `\u0000`, and a per-process random nonce).
 */
const NONCE = randomBytes(8).toString('hex');
const PLACEHOLDER = `\u0000${NONCE}#`;
const PLACEHOLDER_JSON = new RegExp(`"\\\\u0000${NONCE}#(\\d+)"`, 'g');

/**
 * Remembers `json` as the text of `value`, which must then never change: replies that include the
 * object splice the text in rather than serialise it again. The query service's render caches keep
 * the transactions, actions and address book entries of busy accounts' pages this way; serialising
 * a ~1.1 MB traces page cost ~3 ms of the handler's ~14 ms (bench/reports/v3-queries.md).
 */
export function rememberJson(value: object, json: string): void {
  known.set(value, json);
}

/** The text of `value` remembered by rememberJson, if any. */
export function knownJson(value: object): string | undefined {
  return known.get(value);
}

/**
 * JSON.stringify(value), byte for byte, with the remembered objects' text spliced in: the replacer
 * swaps each for a placeholder (so its insides are never walked), and one pass over the smaller text
 * puts the remembered texts in their places.
 */
export function stringifyReply(value: unknown): string | undefined {
  const pieces: string[] = [];
  // JSON.stringify answers undefined for undefined, whatever its declared type says.
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'object' && v !== null) {
      const json = known.get(v);
      if (json !== undefined) {
        pieces.push(json);
        return `${PLACEHOLDER}${String(pieces.length - 1)}`;
      }
    }
    return v;
  }) as string | undefined;
  if (pieces.length === 0 || text === undefined) {
    return text;
  }
  return text.replace(PLACEHOLDER_JSON, (_match, index: string) => pieces[Number(index)] ?? 'null');
}
