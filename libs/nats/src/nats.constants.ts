/** Injection token of the transport's ClientProxy (ClientNats or InProcessClient). */
export const RPC_CLIENT_PROXY = Symbol('RPC_CLIENT_PROXY');
/** Injection token of the resolved NatsRpcModule options. */
export const NATS_RPC_OPTIONS = Symbol('NATS_RPC_OPTIONS');
/** Metadata key under which `@RpcHandler` records the contract subject of a handler. */
export const RPC_SUBJECT_METADATA = 'tonapi:rpc-subject';

export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/**
 * Percent of a core the checks of forwarded replies may use (ForwardedReplyChecker): every small
 * reply, and big pages as long as they cost less than this.
 */
export const DEFAULT_REPLY_CHECK_CPU_PERCENT = 25;
