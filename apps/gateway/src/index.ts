// The gateway's public entry: what the single-process launcher, the cross-app tests and the
// benchmarks use. Anything else under src/ is the gateway's own.

// Boot: the Nest module, the app factories and their options.
export { GatewayModule } from './gateway.module';
export { DEFAULT_STREAM_RETENTION_MS, createMeshGateway } from './gateway-app';
export { createGatewayApp } from './http/create-gateway-app';
export { localOrigin, readyMessage, serviceUrls } from './http/service-index';
export { EXTRA_READINESS_CHECKS } from './ops/health.controller';
export {
  type EdgeAccessOptions,
  edgeAccessOptionsFromConfig,
} from './edge/auth/edge-access.options';
export { generateApiKey, hashApiKey } from './edge/auth/api-key-secret';
export {
  DEFAULT_PROTECTION,
  type EdgeProtectionOptions,
  protectionFromEnv,
} from './edge/protection/protection.options';
export {
  DEFAULT_STREAMING,
  type StreamingOptions,
  streamingFromEnv,
} from './streaming/streaming.options';

// The public API's surface: the route registries and the parameter rules clients see, which the
// e2e, hostile and benchmark sweeps enumerate.
export { V2ErrorBody, v2OkBody } from './openapi/envelope.schemas';
export { MAX_JSON_RPC_BATCH } from './v2/v2-json-rpc';
export { type V2Method } from './v2/v2-method';
export { V2_METHODS } from './v2/v2-methods.registry';
export { type IntegerRange, integerRangeOf } from './v2/v2-schemas';
export { expandSupportedActionTypes } from './v3/action-types';
export { ignoredParamsHeader } from './v3/ignored-params';
export { V3_ENDPOINTS } from './v3/v3-endpoints.registry';
export { V3Params } from './v3/v3-params';
export { type IntegerKind, integerKindOf } from './v3/v3-schemas';
