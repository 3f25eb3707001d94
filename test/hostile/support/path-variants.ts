/*
 * Every way of spelling a route's prefix that is not the canonical one, made in code: each character
 * of the prefix percent-encoded (upper- and lower-case hex) and double-encoded, each letter in the
 * other case and the whole prefix upper-cased, each slash doubled, replaced by a backslash, preceded by
 * a `;` parameter or followed by a dot segment, a `..` detour, a trailing slash. What the gateway must
 * answer follows from how the variant was made (apps/gateway/src/edge/paths/canonical-path.ts states
 * the policy): a spelling with an escape, `//`, a dot segment, `;` or `\` is refused with 400 naming
 * the path; one that differs only in case or by a trailing slash is an unknown path, 404.
 */

/**
 * What a variant must get: refused for its spelling; refused by Node's HTTP parser before any route
 * (a request target that does not start with `/`); or unknown (no route has that path).
 */
export type VariantKind = 'escape' | 'empty-segment' | 'dot-segment' | 'not-a-path' | 'unknown';

export interface PathVariant {
  readonly label: string;
  /** The request target, to be written on the wire byte for byte. */
  readonly path: string;
  readonly kind: VariantKind;
}

const hex = (ch: string): string => ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

function flipCase(ch: string): string {
  return ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
}

/**
 * The variants of `path` whose first `prefix.length` characters (`/api/v2/`, `/api/v3/`,
 * `/api/streaming/v2/`) are spelled otherwise; the rest of the path is kept.
 */
export function pathVariants(path: string, prefix: string): PathVariant[] {
  if (!path.startsWith(prefix)) {
    throw new Error(`${path} does not start with ${prefix}`);
  }
  const rest = path.slice(prefix.length);
  const at = (i: number, replacement: string): string =>
    `${prefix.slice(0, i)}${replacement}${prefix.slice(i + 1)}${rest}`;
  const variants: PathVariant[] = [];
  // Escaping the leading slash leaves no path at all: Node's parser refuses the request line.
  const escaped = (i: number): VariantKind => (i === 0 ? 'not-a-path' : 'escape');
  for (let i = 0; i < prefix.length; i += 1) {
    const ch = prefix.charAt(i);
    const code = hex(ch);
    variants.push({
      label: `${ch}@${String(i)} as %${code}`,
      path: at(i, `%${code}`),
      kind: escaped(i),
    });
    if (code !== code.toLowerCase()) {
      variants.push({
        label: `${ch}@${String(i)} as %${code.toLowerCase()}`,
        path: at(i, `%${code.toLowerCase()}`),
        kind: escaped(i),
      });
    }
    variants.push({
      label: `${ch}@${String(i)} double-encoded`,
      path: at(i, `%25${code}`),
      kind: escaped(i),
    });
    if (/[a-z]/i.test(ch)) {
      variants.push({
        label: `${ch}@${String(i)} in the other case`,
        path: at(i, flipCase(ch)),
        kind: 'unknown',
      });
    }
    if (ch === '/') {
      variants.push({
        label: `slash@${String(i)} doubled`,
        path: at(i, '//'),
        kind: 'empty-segment',
      });
      variants.push({
        label: `slash@${String(i)} as a backslash`,
        path: at(i, '\\'),
        kind: escaped(i),
      });
      variants.push({
        label: `slash@${String(i)} then ./`,
        path: at(i, '/./'),
        kind: 'dot-segment',
      });
      if (i > 0) {
        variants.push({
          label: `;x before slash@${String(i)}`,
          path: at(i, ';x/'),
          kind: 'escape',
        });
      }
    }
  }
  const segments = prefix.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1] ?? '';
  variants.push(
    { label: 'upper-cased prefix', path: `${prefix.toUpperCase()}${rest}`, kind: 'unknown' },
    { label: 'a .. detour', path: `${prefix}../${last}/${rest}`, kind: 'dot-segment' },
    { label: 'a trailing slash', path: `${path}/`, kind: 'unknown' },
  );
  return variants;
}

/** The reason the gateway gives for each kind of spelling its edge refuses. */
export const REFUSAL_REASON: Readonly<
  Record<Exclude<VariantKind, 'unknown' | 'not-a-path'>, string>
> = {
  escape: 'only unescaped letters, digits and -._~ between slashes (no percent-escapes, ; or \\)',
  'empty-segment': 'empty segment (//)',
  'dot-segment': 'dot segment',
};
