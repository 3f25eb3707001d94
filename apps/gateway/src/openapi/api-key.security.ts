/**
 * API keys travel in the `X-API-Key` header or the `api_key` query parameter (toncenter
 * https://toncenter.com/api/v2/, toncenter https://toncenter.com/api/v3/); either is enough, and
 * none is needed below the anonymous rate.
 */
export const API_KEY_SCHEMES = {
  APIKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  APIKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
};

/** Anonymous, header or query: `{}` makes the key optional. */
export const API_KEY_SECURITY = [{}, { APIKeyHeader: [] }, { APIKeyQuery: [] }];
