import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { type z } from 'zod';
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

/** One /api/v3 endpoint: its parser (which reads every parameter it knows) and its call. */
export interface V3Endpoint {
  readonly name: string;
  /**
   * Its query parameters as clients send them (v3-schemas.ts): the OpenAPI document is generated from
   * it and each request is checked against it before `run`.
   */
  readonly query: z.ZodObject;
  /** What it answers (documented, and checked in tests, not at runtime). */
  readonly result: z.ZodType;
  /**
   * HTTP verbs (default GET only). POST endpoints read their JSON body through the same V3Params
   * (`V3Params.fromBody`): message, estimateFee, runGetMethod and decode
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
   */
  readonly verbs?: readonly ('GET' | 'POST')[];
  /** An old name toncenter still routes (`events`, `account`, `wallet`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): documented as deprecated. */
  readonly deprecated?: boolean;
  run(params: V3Params, settings: V3Settings, backend: V3Backend): Promise<unknown>;
}

/**
 * Every list endpoint's default limit: what toncenter.com serves. Its published spec says 10, but its
 * deployment (docker-compose.yaml in https://github.com/toncenter/ton-indexer) starts ton-index-go
 * without `-default-limit`, whose default is 100 (main.go).
 */
export const DEFAULT_LIMIT = 100;
