import { echoedInput } from '@app/ton';

/** A path segment as the API's routes are written: unescaped letters, digits and `-._~`. */
const SEGMENT = /^[A-Za-z0-9\-._~]+$/;

/** The path of a request target as it came on the wire (no query string). */
export function rawPathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * Why a request's path is not in its canonical form, or undefined when it is. The router decodes
 * percent-escapes (`/api/v%32/x` reaches `/api/v2/:method`), so a path written another way than the
 * canonical one could be read differently by anything that looks at the URL itself; rather than
 * decode it a second time here, such a path is refused (400 naming the path) — after its key is
 * checked and its rate-limit unit is charged, like any other request. Canonical: `/`-separated
 * segments of unreserved characters (RFC 3986
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), no
 * percent-escape (so no double encoding), no empty segment (`//`), no dot segment, no `;`
 * parameters or backslashes; one trailing slash is allowed (`/api/v2/` is the documentation page).
 * Case is kept: `/API/V2/x` is an unknown path (404), not another spelling of a known one.
 */
export function pathProblem(url: string): string | undefined {
  const path = rawPathOf(url);
  if (!path.startsWith('/')) {
    return reason(path, 'it must start with /');
  }
  const segments = path.slice(1).split('/');
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] ?? '';
    if (segment === '') {
      if (i === segments.length - 1) {
        continue;
      }
      return reason(path, 'empty segment (//)');
    }
    if (segment === '.' || segment === '..') {
      return reason(path, 'dot segment');
    }
    if (!SEGMENT.test(segment)) {
      return reason(
        path,
        'only unescaped letters, digits and -._~ between slashes (no percent-escapes, ; or \\)',
      );
    }
  }
  return undefined;
}

function reason(path: string, why: string): string {
  return `malformed path '${echoedInput(path)}': ${why}`;
}
