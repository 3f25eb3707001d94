import {
  IGNORED_PARAMS_MAX_CHARS,
  STRICT_PARAMS_HEADER,
  STRICT_PARAMS_KEY,
} from '../v3/ignored-params';
import { type JsonObject } from './json-schema';

/*
 * How /api/v3 treats keys an endpoint does not take (apps/gateway/src/v3/ignored-params.ts), in the
 * document: unknown keys are ignored and listed in X-Ignored-Params unless the caller asks for
 * strict mode, which answers 422 naming the key.
 */

const STRICT_DESCRIPTION =
  'Refuse keys this endpoint does not take with a 422 naming the key, instead of ignoring them';

/** `X-Strict-Params`, on every operation. */
export const STRICT_PARAMS_HEADER_PARAMETER: JsonObject = {
  name: 'X-Strict-Params',
  in: 'header',
  required: false,
  description: STRICT_DESCRIPTION,
  schema: { type: 'boolean' },
};

/** `?strict=`, the query alias of the header, on GET operations. */
export const STRICT_PARAMS_QUERY_PARAMETER: JsonObject = {
  name: STRICT_PARAMS_KEY,
  in: 'query',
  required: false,
  description: `${STRICT_DESCRIPTION} (the same as the ${STRICT_PARAMS_HEADER} header)`,
  schema: { type: 'boolean' },
};

/** The response header that lists ignored keys. */
export const IGNORED_PARAMS_RESPONSE_HEADER: JsonObject = {
  'X-Ignored-Params': {
    description: `The request's keys this endpoint does not take, comma-separated, cut at ${String(IGNORED_PARAMS_MAX_CHARS)} characters; absent when every key was used`,
    schema: { type: 'string' },
  },
};
