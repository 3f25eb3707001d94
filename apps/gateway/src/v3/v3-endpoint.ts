import { type RpcRequest, type RpcResponse, type RpcSubject } from '@app/contracts';
import { type V3Params } from './v3-params';

/** How the gateway reaches the query service: a typed NATS request (or the in-process bus). */
export interface V3Backend {
  request<S extends RpcSubject>(subject: S, payload: RpcRequest<S>): Promise<RpcResponse<S>>;
}

/** Request-scoped settings from headers or their query aliases (§2.5). */
export interface V3Settings {
  readonly noAddressBook: boolean;
  readonly actionsVersion: string | undefined;
}

/** One /api/v3 endpoint: its parser (which reads every parameter it knows) and its call. */
export interface V3Endpoint {
  readonly name: string;
  run(params: V3Params, settings: V3Settings, backend: V3Backend): Promise<unknown>;
}

/** Every list endpoint's default limit (the published spec's `default(10)`, §2.4). */
export const DEFAULT_LIMIT = 10;
