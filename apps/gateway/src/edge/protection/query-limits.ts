/** Why a request's query string is refused, or undefined when it is within the limits. */
export function queryStringProblem(
  url: string,
  limits: { readonly maxQueryLength: number; readonly maxQueryParams: number },
): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) {
    return undefined;
  }
  const query = url.slice(start + 1);
  if (query.length > limits.maxQueryLength) {
    return `query string too long (at most ${String(limits.maxQueryLength)} bytes)`;
  }
  let params = query === '' ? 0 : 1;
  for (let i = 0; i < query.length; i++) {
    if (query.charCodeAt(i) === 0x26) {
      params++;
    }
  }
  if (params > limits.maxQueryParams) {
    return `too many query parameters (at most ${String(limits.maxQueryParams)})`;
  }
  return undefined;
}
