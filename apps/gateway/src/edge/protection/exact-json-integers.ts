import { scanOutsideStrings } from './json-text-scan';

/**
 * JSON text in which every integer literal that a JavaScript number cannot hold exactly (past ±2^53,
 * such as a shard `-9223372036854775808` or a 64-bit lt) is written as a string of its digits, so
 * JSON.parse keeps it exactly and the v2 parameter readers, which take decimal text, read its real
 * value. Fractions and exponents are left alone (they are no integers a parameter takes), as is
 * everything inside strings. One pass (json-text-scan.ts); the text is returned as is when nothing
 * needs quoting. (JSON.parse's reviver sees a literal's source text only from Node 21.)
 */
export function quoteUnsafeIntegers(text: string): string {
  const parts: string[] = [];
  let copiedUpTo = 0;
  scanOutsideStrings(text, (c, i) => {
    if (c !== 0x2d && !isDigit(c)) {
      return undefined;
    }
    const end = numberEnd(text, i);
    const token = text.slice(i, end);
    if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
      parts.push(text.slice(copiedUpTo, i), `"${token}"`);
      copiedUpTo = end;
    }
    return end;
  });
  if (copiedUpTo === 0) {
    return text;
  }
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Where the number literal starting at `start` ends: sign, digits, fraction, exponent. */
function numberEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    // - + . e E and digits: whatever JSON.parse then makes of the token, it is one token.
    if (isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45) {
      i++;
    } else {
      break;
    }
  }
  return i;
}
