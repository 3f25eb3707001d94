import { scanOutsideStrings } from './json-text-scan';

/**
 * The nesting depth of a JSON text, counted without parsing it: brackets outside strings. A body
 * nested thousands deep is refused before JSON.parse and the stack readers recurse into it.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let exceeds = false;
  scanOutsideStrings(text, (c) => {
    if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > maxDepth) {
        exceeds = true;
        return text.length;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
    return undefined;
  });
  return exceeds;
}
