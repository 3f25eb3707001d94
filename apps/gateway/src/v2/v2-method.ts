import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { type ParamSource, type RawParams } from './v2-params';

/** How the gateway reaches the services: a typed NATS request (or the in-process bus). */
export interface V2Backend {
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcResponse<S>>;
}

/** A method as written: a parameter parser and a handler of what it parsed. */
export interface V2MethodDefinition<P> {
  readonly name: string;
  /** REST verbs; 2.1 serves reads over GET and POST, and sends over POST only (§3.1). */
  readonly verbs: readonly ('GET' | 'POST')[];
  /** Every parameter the method takes; 2.1 rejects other keys in a POST body (§3.1). */
  readonly params: readonly string[];
  parse(raw: RawParams, source: ParamSource): P;
  handle(params: P, backend: V2Backend): Promise<unknown>;
}

/**
 * One toncenter v2 method as the registry holds it. REST GET, REST POST and JSON-RPC all run the same
 * definition so they cannot drift (house style 3.3, pyTON's json_rpc decorator).
 */
export interface V2Method {
  readonly name: string;
  readonly verbs: readonly ('GET' | 'POST')[];
  readonly params: readonly string[];
  run(raw: RawParams, source: ParamSource, backend: V2Backend): Promise<unknown>;
}

export function defineV2Method<P>(definition: V2MethodDefinition<P>): V2Method {
  return {
    name: definition.name,
    verbs: definition.verbs,
    params: definition.params,
    run: (raw, source, backend) => definition.handle(definition.parse(raw, source), backend),
  };
}
