import { type FastifyRequest } from 'fastify';

/** Fastify's words for a body over the limit, kept so both refusals read the same. */
export const BODY_TOO_LARGE = 'Request body is too large';

/** A body of a type no parser reads (415), naming the header at fault. */
export function unsupportedMediaType(contentType: string | undefined): string {
  return `unsupported content-type '${mediaTypeOf(contentType).slice(0, 100)}': send application/json`;
}

function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Why a POST body is refused on its headers alone, before a byte of it is read: a Content-Type no
 * parser reads (415), or a declared Content-Length above the body limit (413). A body without
 * Content-Type is left to the parser, which has its own answer for it. `hasParser` knows the
 * application's parsers (the v2 and v3 APIs'), not those of a route's own scope.
 */
export function bodyHeadersProblem(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  bodyLimitBytes: number,
  hasParser: (mediaType: string) => boolean,
  /** False where a route reads any type itself (the Streaming API's SSE subscription). */
  checkType: boolean,
): { readonly status: 413 | 415; readonly message: string } | undefined {
  if (request.method !== 'POST') {
    return undefined;
  }
  const length = request.headers['content-length'];
  const contentType = request.headers['content-type'];
  const declaresBody =
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (
    checkType &&
    contentType !== undefined &&
    declaresBody &&
    !hasParser(mediaTypeOf(contentType))
  ) {
    return { status: 415, message: unsupportedMediaType(contentType) };
  }
  if (length !== undefined && /^\d+$/.test(length) && Number(length) > bodyLimitBytes) {
    return { status: 413, message: BODY_TOO_LARGE };
  }
  return undefined;
}
