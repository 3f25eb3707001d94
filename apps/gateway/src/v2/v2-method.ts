import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { type z } from 'zod';
import { type ParamSource, parseError, type RawParams } from './v2-params';
import { presentParams } from './v2-schemas';

/** How the gateway reaches the services: a typed NATS request (or the in-process bus). */
export interface V2Backend {
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcResponse<S>>;
}

/** A method as written: a parameter parser and a handler of what it parsed. */
export interface V2MethodDefinition<P> {
  readonly name: string;
  /** REST verbs; 2.1 serves reads over GET and POST, and sends over POST only (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
  readonly verbs: readonly ('GET' | 'POST')[];
  /**
   * Every parameter the method takes, as clients send them (v2-schemas.ts): the OpenAPI document is
   * generated from it and each request is checked against it. 2.1 rejects other keys in a POST body.
   */
  readonly params: z.ZodObject;
  /** What `result` holds in a successful reply (documented, and checked in tests, not at runtime). */
  readonly result: z.ZodType;
  parse(raw: RawParams, source: ParamSource): P;
  handle(params: P, backend: V2Backend): Promise<unknown>;
}

/**
 * One toncenter v2 method as the registry holds it. REST GET, REST POST and JSON-RPC all run the same
 * definition so they cannot drift (pyTON's json_rpc decorator).
 */
export interface V2Method {
  readonly name: string;
  readonly verbs: readonly ('GET' | 'POST')[];
  readonly params: readonly string[];
  readonly paramsSchema: z.ZodObject;
  readonly result: z.ZodType;
  run(raw: RawParams, source: ParamSource, backend: V2Backend): Promise<unknown>;
}

export function defineV2Method<P>(definition: V2MethodDefinition<P>): V2Method {
  return {
    name: definition.name,
    verbs: definition.verbs,
    params: Object.keys(definition.params.shape),
    paramsSchema: definition.params,
    result: definition.result,
    run: (raw, source, backend) => {
      const checked = definition.params.safeParse(presentParams(raw));
      // The parser runs either way: what it rejects gets 2.1's own wording
      // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml);
      // what only the published schema rejects is reported as a malformed parameter.
      const params = definition.parse(raw, source);
      if (!checked.success) {
        const param = String(checked.error.issues[0]?.path[0] ?? 'params');
        throw parseError(source, `failed to parse ${param}`, param);
      }
      return definition.handle(params, backend);
    },
  };
}
