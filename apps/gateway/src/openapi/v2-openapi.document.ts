import { type z } from 'zod';
import { type V2Method } from '../v2/v2-method';
import { V2ErrorBody, V2RateLimitBody, v2OkBody } from './envelope.schemas';
import {
  docsOf,
  fieldsOf,
  inputSchema,
  type JsonObject,
  queryParameters,
  SchemaComponents,
} from './json-schema';
import { API_KEY_SECURITY, API_KEY_SCHEMES } from './api-key.security';
import { pascalOf, summaryOf } from './operation-text';

/** toncenter's v2 tags (2.1 `v2.yaml`); a method missing here is listed under `other`. */
const TAGS: Readonly<Record<string, readonly string[]>> = {
  accounts: [
    'getAddressInformation',
    'getExtendedAddressInformation',
    'getWalletInformation',
    'getAddressBalance',
    'getAddressState',
    'getTokenData',
  ],
  blocks: [
    'getMasterchainInfo',
    'getMasterchainBlockSignatures',
    'getShardBlockProof',
    'getConsensusBlock',
    'lookupBlock',
    'getShards',
    'shards',
    'getBlockHeader',
    'getOutMsgQueueSize',
  ],
  transactions: [
    'getTransactions',
    'getTransactionsStd',
    'getBlockTransactions',
    'getBlockTransactionsExt',
    'tryLocateTx',
    'tryLocateResultTx',
    'tryLocateSourceTx',
  ],
  'get config': ['getConfigParam', 'getConfigAll', 'getLibraries'],
  'run method': ['runGetMethod', 'runGetMethodStd'],
  send: ['sendBoc', 'sendBocReturnHash', 'sendBocReturnHashNoError', 'estimateFee'],
  utils: ['detectAddress', 'detectHash', 'packAddress', 'unpackAddress'],
};

function tagOf(name: string): string {
  return Object.entries(TAGS).find(([, names]) => names.includes(name))?.[0] ?? 'other';
}

function errorResponses(components: SchemaComponents): JsonObject {
  const schema = components.ref('Error', V2ErrorBody);
  const error = (code: number, message: string) => ({
    content: {
      'application/json': {
        schema,
        example: { ok: false, error: message, code, '@extra': '1763716800:_:0.041' },
      },
    },
  });
  return {
    '422': {
      description: 'A parameter is missing or malformed (the message names it)',
      ...error(422, "failed to parse get request: Failed to parse ton_addr: 'invalid'"),
    },
    '429': {
      description: 'Rate limit exceeded',
      content: {
        'application/json': { schema: components.ref('RateLimitExceeded', V2RateLimitBody) },
      },
    },
    '504': {
      description: 'The liteservers did not answer in time',
      ...error(504, 'no reply to ton.ls.v1.getMasterchainInfo within 10000 ms'),
    },
    default: { description: 'Any other error in the v2 envelope', ...error(404, 'Not Found') },
  };
}

/** A JSON body example made of every parameter's example. */
function bodyExample(params: z.ZodObject): JsonObject {
  const example: JsonObject = {};
  for (const [name, field] of fieldsOf(params)) {
    const docs = docsOf(field);
    if ('example' in docs) {
      example[name] = docs.example;
    }
  }
  return example;
}

function operation(
  method: V2Method,
  verb: 'GET' | 'POST',
  response: JsonObject,
  components: SchemaComponents,
): JsonObject {
  const input =
    verb === 'GET'
      ? { parameters: queryParameters(method.paramsSchema) }
      : {
          requestBody: {
            required: method.params.length > 0,
            content: {
              'application/json': {
                schema: inputSchema(method.paramsSchema),
                example: bodyExample(method.paramsSchema),
              },
            },
          },
        };
  return {
    operationId: `${method.name}_${verb.toLowerCase()}`,
    tags: [tagOf(method.name)],
    summary: summaryOf(method.name),
    ...input,
    responses: {
      '200': {
        description: 'The result in the `{ok, result, @extra}` envelope',
        content: { 'application/json': { schema: response } },
      },
      ...errorResponses(components),
    },
  };
}

function jsonRpcOperation(methods: readonly V2Method[], components: SchemaComponents): JsonObject {
  return {
    operationId: 'jsonRPC_post',
    tags: ['json rpc'],
    summary: 'Any method above as a JSON-RPC 2.0 call',
    description:
      '`params` are the method’s POST body. The reply is the method’s envelope with `jsonrpc` and `id` echoed.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              jsonrpc: { type: 'string', const: '2.0' },
              id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
              method: { type: 'string', enum: methods.map((m) => m.name) },
              params: { type: 'object' },
            },
            required: ['method'],
          },
          example: { jsonrpc: '2.0', id: 1, method: 'getMasterchainInfo', params: {} },
        },
      },
    },
    responses: {
      '200': {
        description: 'The method’s result in the envelope',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
      ...errorResponses(components),
    },
  };
}

/** The OpenAPI 3.1 document of /api/v2, generated from the methods' own schemas. */
export function buildV2OpenApi(methods: readonly V2Method[]): JsonObject {
  const components = new SchemaComponents('output');
  const paths: JsonObject = {};
  const tags = new Set<string>();
  for (const method of methods) {
    tags.add(tagOf(method.name));
    const id = pascalOf(method.name);
    const response = components.ref(
      `${id}Response`,
      v2OkBody(components.named(`${id}Result`, method.result)),
    );
    const item: JsonObject = {};
    for (const verb of method.verbs) {
      item[verb.toLowerCase()] = operation(method, verb, response, components);
    }
    paths[`/api/v2/${method.name}`] = item;
  }
  paths['/api/v2/jsonRPC'] = { post: jsonRpcOperation(methods, components) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'TON HTTP API v2',
      version: '2.1',
      description:
        'toncenter-compatible v2: live reads from liteservers, every answer in the `{ok, result | error, code}` envelope.',
    },
    servers: [{ url: '/' }],
    tags: [...tags, 'json rpc'].map((name) => ({ name })),
    security: API_KEY_SECURITY,
    paths,
    components: { securitySchemes: API_KEY_SCHEMES, schemas: components.build() },
  };
}
