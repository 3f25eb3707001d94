/**
 * The key a request presents: the `X-API-Key` header, else the `api_key` query parameter (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * / https://toncenter.com/api/v3/: either is enough, on every route including /jsonRPC). Empty
 * values count as absent, as clients that always send the parameter send it empty when unset. A
 * repeated parameter is returned as `invalid` (which key would be meant?).
 */
export type PresentedKey =
  | { readonly kind: 'none' }
  | { readonly kind: 'key'; readonly key: string }
  | { readonly kind: 'invalid' };

export function presentedKey(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  query: unknown,
): PresentedKey {
  const header = headers['x-api-key'];
  if (Array.isArray(header)) {
    return { kind: 'invalid' };
  }
  if (header !== undefined && header.trim() !== '') {
    return { kind: 'key', key: header.trim() };
  }
  const param =
    typeof query === 'object' && query !== null && 'api_key' in query ? query.api_key : undefined;
  if (param === undefined || param === '') {
    return { kind: 'none' };
  }
  return typeof param === 'string' ? { kind: 'key', key: param.trim() } : { kind: 'invalid' };
}
