import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { z } from 'zod';
import {
  presentValues,
  readFields,
  type V2Fields,
  type V2Present,
  type V2Values,
} from './v2-field';
import { type ParamSource, type RawParams } from './v2-params';

/** How the gateway reaches the services: a typed NATS request (or the in-process bus). */
export interface V2Backend {
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcResponse<S>>;
}

/** A method as written: its parameters, each declared once, and a handler of what they read. */
export interface V2MethodDefinition<F extends V2Fields, P> {
  readonly name: string;
  /** REST verbs; 2.1 serves reads over GET and POST, and sends over POST only (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
  readonly verbs: readonly ('GET' | 'POST')[];
  /**
   * Every parameter the method takes (v2-fields.ts), in the order 2.1 reads them: the OpenAPI
   * document, the parsing and the error wording all come from here. 2.1 rejects other keys in a POST
   * body.
   */
  readonly fields: F;
  /**
   * The rules between parameters (`lt` and `hash` together, exactly one of `seqno`/`lt`/`unixtime`)
   * and the request the handler takes; by default the present values as they are.
   */
  readonly request?: (values: V2Values<F>, source: ParamSource) => P;
  /** What `result` holds in a successful reply (documented, and checked in tests, not at runtime). */
  readonly result: z.ZodType;
  readonly handle: (params: P, backend: V2Backend) => Promise<unknown>;
  /**
   * True when the answer to `params` can never change (a read as of a given masterchain seqno, which
   * the liteserver readers cache for good too, apps/liteserver/src/v2/answer-cache.ts): the gateway
   * may then keep the result, rendered, and answer the same request without asking the services.
   */
  readonly immutable?: (params: P) => boolean;
  /**
   * How long a live answer may be given again (a head that the services themselves keep for a while):
   * the gateway then keeps it rendered for that long, and answers the same request without the services.
   */
  readonly freshForMs?: number;
}

/** One call of a method with its parameters read and checked, ready to run. */
export interface V2Call {
  /** Set when the answer is immutable: what identifies it (the method and its read parameters). */
  readonly cacheKey: string | undefined;
  /** How long the answer of a call with a cacheKey is kept: Infinity when immutable. */
  readonly keptForMs: number;
  run(backend: V2Backend): Promise<unknown>;
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
  /** Reads and checks the parameters (throwing 2.1's 422s) without asking the services yet. */
  prepare(raw: RawParams, source: ParamSource): V2Call;
  run(raw: RawParams, source: ParamSource, backend: V2Backend): Promise<unknown>;
}

/** Read parameters as a key: BigInts (lt, shard) as their decimal text, marked apart from strings. */
function keyOf(name: string, params: unknown): string {
  return `${name}:${JSON.stringify(params, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value.toString()}n` : value,
  )}`;
}

export function defineV2Method<F extends V2Fields, P = V2Present<V2Values<F>>>(
  definition: V2MethodDefinition<F, P>,
): V2Method {
  const { fields, request, immutable, freshForMs } = definition;
  const prepare = (raw: RawParams, source: ParamSource): V2Call => {
    const values = readFields(fields, raw, source);
    const params = request === undefined ? (presentValues(values) as P) : request(values, source);
    const keptForMs = immutable?.(params) === true ? Infinity : freshForMs;
    return {
      cacheKey: keptForMs === undefined ? undefined : keyOf(definition.name, params),
      keptForMs: keptForMs ?? 0,
      run: (backend) => definition.handle(params, backend),
    };
  };
  return {
    name: definition.name,
    verbs: definition.verbs,
    params: Object.keys(fields),
    paramsSchema: z.object(
      Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])),
    ),
    result: definition.result,
    prepare,
    run: (raw, source, backend) => prepare(raw, source).run(backend),
  };
}
