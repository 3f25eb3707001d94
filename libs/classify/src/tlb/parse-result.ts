/**
 * A body parse that may not fit: TL-B readers throw when a cell ends early or holds another layout, and
 * a matcher often has to try one layout and fall back to the next (toncenter does the same with
 * `try: ... except:` around its message classes). `tryParse` keeps the reason instead of dropping it.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export function tryParse<T>(parse: () => T): Parsed<T> {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    // the reader's exception is the only signal that the body does not fit this layout
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
