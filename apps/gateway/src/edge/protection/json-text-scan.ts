/**
 * Walks the characters of a JSON text that stand outside string literals (strings, escapes
 * included, are stepped over), without parsing it. `visit` gets each one's char code and index and
 * returns where to go on from: past a token it has read, `text.length` to stop, or `undefined` for
 * the next character. One pass, no recursion, so it is safe on any body before JSON.parse sees it.
 */
export function scanOutsideStrings(
  text: string,
  visit: (code: number, index: number) => number | undefined,
): void {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        i++; // the escaped character, whatever it is
      } else if (c === 0x22) {
        inString = false;
      }
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    const next = visit(c, i);
    if (next !== undefined) {
      i = next - 1;
    }
  }
}
