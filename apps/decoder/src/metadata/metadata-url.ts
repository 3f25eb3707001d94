/** Where a token's `uri` is fetched from, or why it is not fetched. */
export type MetadataUrl = { readonly url: URL } | { readonly invalid: string };

/**
 * Resolves a TEP-64 `uri` to the URL the fetcher requests. http and https are fetched as they are;
 * `ipfs://<cid>/<path>` goes through the IPFS HTTP gateway `gateway` (`<gateway><cid>/<path>`, the
 * gateway ending in `/ipfs/`), as toncenter's metadata fetcher supports IPFS. Any other scheme
 * (`data:`, `file:`, `tonstorage://`, …) or a malformed URI is not fetched.
 */
export function resolveMetadataUrl(uri: string, gateway: string): MetadataUrl {
  const trimmed = uri.trim();
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(trimmed);
  if (ipfs?.[1] !== undefined) {
    const base = gateway.endsWith('/') ? gateway : `${gateway}/`;
    return parse(`${base}${ipfs[1]}`, uri);
  }
  const parsed = parse(trimmed, uri);
  if ('url' in parsed && !isHttp(parsed.url)) {
    return { invalid: `unsupported scheme ${parsed.url.protocol}` };
  }
  return parsed;
}

/** http: or https: — the only schemes a request (or a redirect) may use. */
export function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function parse(text: string, uri: string): MetadataUrl {
  try {
    return { url: new URL(text) };
  } catch {
    // Not a URL: recorded as an invalid URI, never fetched.
    return { invalid: `malformed uri ${JSON.stringify(uri.slice(0, 200))}` };
  }
}
