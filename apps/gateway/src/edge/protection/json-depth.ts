/**
 * The nesting depth of a JSON text, counted without parsing it: brackets outside strings. A body
 * nested thousands deep is refused before JSON.parse and the stack readers recurse into it.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
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
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > maxDepth) {
        return true;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
