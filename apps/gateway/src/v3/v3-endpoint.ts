import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { type z } from 'zod';
import { fieldsSchema, readV3Fields, type V3Fields, type V3Values } from './v3-field';
import { type V3Params } from './v3-params';

/**
 * A reply the endpoint answers unchanged, sent as the JSON text the query service wrote
 * (RpcClient.forward checks it against the contract on a worker thread); a reply without text, as
 * its validated value, serialised as usual. A traces page is ~1 MB of JSON: parsing, validating and
 * serialising it again on the event loop cost the gateway ~30 ms per page.
 */
export class ForwardedReply {
  constructor(
    readonly value: unknown,
    /** The reply's JSON as it crossed NATS (bytes), or as text (the in-process transport). */
    readonly json: string | Uint8Array | undefined,
  ) {}
}

/** How the gateway reaches the query service: a typed NATS request (or the in-process bus). */
export interface V3Backend {
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcResponse<S>>;
  /** The same request, for an endpoint that answers the reply as it is. */
  forward<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<ForwardedReply>;
}

/** Request-scoped settings from headers or their query aliases (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export interface V3Settings {
  readonly noAddressBook: boolean;
  /**
   * `X-No-Metadata` / `x_no_metadata`: `metadata` answered as `{}`, not looked up. Optional (absent is
   * off) for callers that build settings by hand, such as bench/support/v3-requests.ts.
   */
  readonly noMetadata?: boolean;
  readonly actionsVersion: string | undefined;
}

/** An endpoint as written: its parameters, each declared once, and a call taking what they read. */
export interface V3EndpointDefinition<F extends V3Fields> {
  readonly name: string;
  /**
   * Every parameter the endpoint takes (v3-fields.ts), in the order toncenter's request struct lists
   * them: the OpenAPI document, the check before `run`, the conversion, the error wording and which
   * keys are unknown (X-Ignored-Params, strict mode) all come from here.
   */
  readonly fields: F;
  /** What it answers (documented, and checked in tests, not at runtime). */
  readonly result: z.ZodType;
  /**
   * HTTP verbs (default GET only). POST endpoints read their JSON body through the same fields
   * (`V3Params.fromBody`): message, estimateFee, runGetMethod and decode
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
   */
  readonly verbs?: readonly ('GET' | 'POST')[];
  /** An old name toncenter still routes (`events`, `account`, `wallet`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): documented as deprecated. */
  readonly deprecated?: boolean;
  /**
   * The call, given what the fields read. The rules between parameters that toncenter words itself
   * (`account or ext_msg_hash should be specified`, one owner for several masters) live here.
   */
  run(query: V3Values<F>, settings: V3Settings, backend: V3Backend): Promise<unknown>;
}

/** One /api/v3 endpoint as the registry holds it. */
export interface V3Endpoint {
  readonly name: string;
  readonly fields: V3Fields;
  /** Its query parameters as clients send them, from its fields: the OpenAPI document's and the check's. */
  readonly query: z.ZodObject;
  readonly result: z.ZodType;
  readonly verbs?: readonly ('GET' | 'POST')[];
  readonly deprecated?: boolean;
  /** Reads the declared fields from `params` (the first bad one is the 422), then calls the endpoint. */
  run(params: V3Params, settings: V3Settings, backend: V3Backend): Promise<unknown>;
}

export function defineV3Endpoint<F extends V3Fields>(
  definition: V3EndpointDefinition<F>,
): V3Endpoint {
  const { fields } = definition;
  return {
    name: definition.name,
    fields,
    query: fieldsSchema(fields),
    result: definition.result,
    ...(definition.verbs === undefined ? {} : { verbs: definition.verbs }),
    ...(definition.deprecated === undefined ? {} : { deprecated: definition.deprecated }),
    run: (params, settings, backend) =>
      definition.run(readV3Fields(fields, params), settings, backend),
  };
}

/**
 * Every list endpoint's default limit: what toncenter.com serves. Its published spec says 10, but its
 * deployment (docker-compose.yaml in https://github.com/toncenter/ton-indexer) starts ton-index-go
 * without `-default-limit`, whose default is 100 (main.go).
 */
export const DEFAULT_LIMIT = 100;
