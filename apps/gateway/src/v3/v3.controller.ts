import { ErrorCode, isTonApiError, TonApiError } from '@app/contracts';
import { PINO_LOGGER } from '@app/observability';
import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import {
  IGNORED_PARAMS_HEADER,
  ignoredParamsHeader,
  IgnoredParamsMetrics,
  refuseUnknown,
  STRICT_PARAMS_HEADER,
  STRICT_PARAMS_KEY,
  strictParams,
} from './ignored-params';
import { ForwardedReply, type V3Backend, type V3Endpoint, type V3Settings } from './v3-endpoint';
import { V3_ENDPOINTS } from './v3-endpoints.registry';
import { parseBoolParam, V3Params } from './v3-params';
import { checkV3Query, declaredKeys, unknownKeys } from './v3-schemas';
import { v3StatusOf } from './v3-status.mapper';

export const V3_BACKEND = Symbol('V3_BACKEND');

/** Query aliases of request settings and keys that belong to the edge, not to an endpoint (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
const SETTINGS_KEYS = [
  'api_key',
  'x_timeout',
  'x_no_address_book',
  'x_no_metadata',
  'x_debug_request',
  STRICT_PARAMS_KEY,
];

/** A boolean setting (Go's strconv.ParseBool in toncenter; anything else leaves it off). */
function truthy(value: string | undefined): boolean {
  return value !== undefined && parseBoolParam(value) === true;
}

/**
 * A setting's query alias when it is given once (a repeated key arrives as an array). An own key
 * only: `query` may be a plain object, and `toString` must not read Object.prototype's.
 */
function alias(query: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = Object.hasOwn(query, key) ? query[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The registry's name of the endpoint at /api/v3/<group>/<endpoint> or /api/v3/<endpoint>. */
function endpointName(group: string | undefined, endpoint: string): string {
  return group === undefined ? endpoint : `${group}/${endpoint}`;
}

/**
 * /api/v3: every endpoint over GET; no envelope, errors are `{"error": "..."}` with the status of
 * their code (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 */
@Controller('api/v3')
export class V3Controller {
  private readonly ignoredMetrics: IgnoredParamsMetrics;

  constructor(
    @Inject(V3_BACKEND) private readonly backend: V3Backend,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    registry: Registry,
  ) {
    this.ignoredMetrics = new IgnoredParamsMetrics(registry);
  }

  /**
   * Every endpoint, one segment (`account`, `transactions`, …) or two (`jetton/masters`,
   * `nft/items`, `dns/records`, `multisig/orders`, …): the name is the path after /api/v3.
   */
  @Get([':endpoint', ':group/:endpoint'])
  get(
    @Param('group') group: string | undefined,
    @Param('endpoint') endpoint: string,
    @Query() query: Record<string, unknown>,
    @Headers() headers: Record<string, string | undefined>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.serve('GET', endpointName(group, endpoint), query, undefined, headers, reply);
  }

  /** POST endpoints take their parameters from the JSON body; the query string carries settings only. */
  @Post([':endpoint', ':group/:endpoint'])
  post(
    @Param('group') group: string | undefined,
    @Param('endpoint') endpoint: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Headers() headers: Record<string, string | undefined>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.serve('POST', endpointName(group, endpoint), query, { body }, headers, reply);
  }

  private async serve(
    verb: 'GET' | 'POST',
    name: string,
    query: Record<string, unknown>,
    post: { body: unknown } | undefined,
    headers: Record<string, string | undefined>,
    reply: FastifyReply,
  ): Promise<void> {
    const endpoint = V3_ENDPOINTS.get(name);
    if (endpoint === undefined) {
      void reply.status(404).send({ error: 'Not Found' });
      return;
    }
    if (!allows(endpoint, verb)) {
      void reply
        .status(405)
        .header('allow', (endpoint.verbs ?? ['GET']).join(', '))
        .send({ error: `method ${verb} is not allowed on ${name}` });
      return;
    }
    try {
      const settings: V3Settings = {
        noAddressBook: truthy(headers['x-no-address-book'] ?? alias(query, 'x_no_address_book')),
        noMetadata: truthy(headers['x-no-metadata'] ?? alias(query, 'x_no_metadata')),
        actionsVersion: headers['x-actions-version'],
      };
      const parsed = this.parse(endpoint, query, post, headers, reply);
      const result = await endpoint.run(parsed, settings, this.backend);
      if (result instanceof ForwardedReply && result.json !== undefined) {
        // Forwarded as the query service wrote it, byte for byte; RpcClient checks it against the
        // contract.
        void reply
          .status(200)
          .type('application/json; charset=utf-8')
          .send(typeof result.json === 'string' ? result.json : asBuffer(result.json));
        return;
      }
      void reply.status(200).send(result instanceof ForwardedReply ? result.value : result);
    } catch (error: unknown) {
      const coded = isTonApiError(error)
        ? error
        : new TonApiError(ErrorCode.INTERNAL, 'internal error', { cause: error });
      const status = v3StatusOf(coded.code);
      if (status >= 500) {
        // The answer is censored; the log keeps what happened.
        this.logger.error({ route: endpoint.name, status, err: error }, 'v3 request failed');
      }
      void reply.status(status).send({
        // A liteserver's refusal of the client's own message is shown, as toncenter shows the v2
        // error of POST message
        // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml);
        // other 500s are censored.
        error:
          status >= 500 &&
          status !== 503 &&
          status !== 504 &&
          coded.code !== ErrorCode.MESSAGE_REJECTED
            ? 'internal server error'
            : coded.message,
      });
    }
  }

  /**
   * The endpoint's parameters: GET from the query string, POST from the JSON body (the query string
   * then carries settings only). Keys the endpoint does not take are refused in strict mode and
   * otherwise left out and reported (X-Ignored-Params, a debug line, a counter); the declared ones are
   * checked against its schema.
   */
  private parse(
    endpoint: V3Endpoint,
    query: Record<string, unknown>,
    post: { body: unknown } | undefined,
    headers: Record<string, string | undefined>,
    reply: FastifyReply,
  ): V3Params {
    const declared = declaredKeys(endpoint.query);
    const body = post?.body;
    const fromBody =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? unknownKeys(body, declared, [])
        : [];
    // On POST every query key but the settings is one the endpoint does not take.
    const fromQuery = unknownKeys(query, post === undefined ? declared : new Set(), SETTINGS_KEYS);
    const ignored = [...new Set([...fromQuery, ...fromBody])];
    if (strictParams(headers[STRICT_PARAMS_HEADER], alias(query, STRICT_PARAMS_KEY))) {
      refuseUnknown(ignored);
    } else if (ignored.length > 0) {
      void reply.header(IGNORED_PARAMS_HEADER, ignoredParamsHeader(ignored));
      this.ignoredMetrics.requests.inc({ route: endpoint.name });
      this.logger.debug({ route: endpoint.name, ignored }, 'v3 request keys ignored');
    }
    if (post === undefined) {
      // The published schema first (the OpenAPI document is generated from it), then the parser.
      checkV3Query(endpoint.query, query);
      return new V3Params(query, new Set(fromQuery));
    }
    return V3Params.fromBody(post.body, new Set(fromBody));
  }
}

function allows(endpoint: V3Endpoint, verb: 'GET' | 'POST'): boolean {
  return (endpoint.verbs ?? ['GET']).includes(verb);
}

/** The bytes as a Buffer (what fastify sends as it is), without copying them. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
