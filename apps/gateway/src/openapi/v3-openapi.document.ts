import { type z } from 'zod';
import { type V3Endpoint } from '../v3/v3-endpoint';
import { API_KEY_SECURITY, API_KEY_SCHEMES } from './api-key.security';
import { V3ErrorBody } from './envelope.schemas';
import { inputSchema, type JsonObject, queryParameters, SchemaComponents } from './json-schema';
import { pascalOf, summaryOf } from './operation-text';
import { enrichmentHeaders } from './v3-enrichment.headers';
import {
  IGNORED_PARAMS_RESPONSE_HEADER,
  STRICT_PARAMS_HEADER_PARAMETER,
  STRICT_PARAMS_QUERY_PARAMETER,
} from './v3-strict-params.openapi';

/** toncenter's v3 tags (ton-indexer's swagger) by the first path segment or the endpoint's name. */
const TAGS: Readonly<Record<string, readonly string[]>> = {
  blocks: [
    'masterchainInfo',
    'blocks',
    'masterchainBlockShardState',
    'masterchainBlockShards',
    'transactions',
    'transactionsByMasterchainBlock',
    'transactionsByMessage',
    'adjacentTransactions',
    'messages',
  ],
  actions: [
    'traces',
    'actions',
    'pendingTraces',
    'pendingActions',
    'pendingTransactions',
    'events',
  ],
  accounts: ['accountStates', 'walletStates', 'addressBook', 'metadata', 'topAccountsByBalance'],
  jettons: ['jetton'],
  nfts: ['nft'],
  dns: ['dns'],
  multisig: ['multisig'],
  vesting: ['vesting'],
  'api/v2': [
    'message',
    'estimateFee',
    'runGetMethod',
    'addressInformation',
    'walletInformation',
    'account',
    'wallet',
  ],
};

function tagOf(name: string): string {
  const group = name.split('/')[0] ?? name;
  return (
    Object.entries(TAGS).find(([, names]) => names.includes(name) || names.includes(group))?.[0] ??
    'other'
  );
}

/** `X-Timeout`: the request's own deadline in ms, capped by the server (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
const TIMEOUT_HEADER = {
  name: 'X-Timeout',
  in: 'header',
  required: false,
  description: 'Deadline of this request in milliseconds (capped by the server)',
  schema: { type: 'integer', minimum: 1 },
};

function parameters(query: z.ZodObject, headers: JsonObject[]): JsonObject[] {
  return [
    // Lists repeat the key (`?address=a&address=b`); commas work too
    // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
    ...queryParameters(query, (schema) =>
      schema.type === 'array' ? { style: 'form', explode: true } : {},
    ),
    ...headers,
  ];
}

function operation(
  endpoint: V3Endpoint,
  verb: 'GET' | 'POST',
  components: SchemaComponents,
): JsonObject {
  const error = {
    content: { 'application/json': { schema: components.ref('RequestError', V3ErrorBody) } },
  };
  const headers = [
    TIMEOUT_HEADER,
    STRICT_PARAMS_HEADER_PARAMETER,
    ...enrichmentHeaders(endpoint.result),
  ];
  const input =
    verb === 'GET'
      ? { parameters: [...parameters(endpoint.query, headers), STRICT_PARAMS_QUERY_PARAMETER] }
      : {
          parameters: headers,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: inputSchema(endpoint.query) } },
          },
        };
  return {
    operationId: `${pascalOf(endpoint.name)}_${verb.toLowerCase()}`,
    tags: [tagOf(endpoint.name)],
    summary: summaryOf(endpoint.name),
    ...(endpoint.deprecated === true ? { deprecated: true } : {}),
    ...input,
    responses: {
      '200': {
        description: 'OK',
        headers: IGNORED_PARAMS_RESPONSE_HEADER,
        content: {
          'application/json': {
            schema: components.ref(`${pascalOf(endpoint.name)}Response`, endpoint.result),
          },
        },
      },
      '404': { description: 'Not found', ...error },
      '422': { description: 'A parameter is malformed (the message names it)', ...error },
      '429': { description: 'Rate limit exceeded', ...error },
      '504': { description: 'The request ran out of time', ...error },
      default: { description: 'Any other error', ...error },
    },
  };
}

/** The OpenAPI 3.1 document of /api/v3, generated from the endpoints' own schemas. */
export function buildV3OpenApi(endpoints: readonly V3Endpoint[]): JsonObject {
  const components = new SchemaComponents('output');
  const paths: JsonObject = {};
  const tags = new Set<string>();
  for (const endpoint of endpoints) {
    tags.add(tagOf(endpoint.name));
    const item: JsonObject = {};
    for (const verb of endpoint.verbs ?? ['GET']) {
      item[verb.toLowerCase()] = operation(endpoint, verb, components);
    }
    paths[`/api/v3/${endpoint.name}`] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TON Index API v3',
      version: '1.2',
      description:
        'toncenter-compatible v3: indexed history from PostgreSQL. No envelope; errors are `{"error": "…"}` with an HTTP status.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name })),
    security: API_KEY_SECURITY,
    paths,
    components: { securitySchemes: API_KEY_SCHEMES, schemas: components.build() },
  };
}
