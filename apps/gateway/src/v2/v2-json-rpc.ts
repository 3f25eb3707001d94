import { type V2Body, type V2Reply, errorReply, replyForError } from './v2-envelope';
import { V2_METHODS } from './v2-methods.registry';
import { type V2Executor, notAnObject } from './v2.executor';
import { type RawParams } from './v2-params';

/**
 * The most calls one JSON-RPC batch may hold. Each is also counted against the caller's rate limit
 * by the edge (edge/rate-limit/request-cost.ts), so a batch costs what its calls sent alone would.
 */
export const MAX_JSON_RPC_BATCH = 100;

/** Calls of one batch run at most this many at a time, in order of their answers. */
const BATCH_CONCURRENCY = 8;

/** A client's text echoed in an error, cut short: a megabyte of it tells nothing more. */
function quoted(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

function isRecord(value: unknown): value is RawParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON-RPC request answers: one reply, or (a batch) the array of each call's body. */
export type JsonRpcAnswer =
  | { readonly status: number; readonly body: V2Body }
  | { readonly status: 200; readonly body: V2Body[] };

/**
 * /api/v2/jsonRPC: one call (`{"method", "params", "id"}`) is run as a POST to /api/v2/<method>
 * (as 2.1's JsonRpcHandler re-posts it,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml); a JSON-RPC
 * 2.0 batch (an array of calls) is answered with the array of their replies in the same order, each
 * with its own `code`.
 */
export async function answerJsonRpc(
  executor: V2Executor,
  body: unknown,
  startedAt: bigint,
): Promise<JsonRpcAnswer> {
  if (!Array.isArray(body)) {
    return oneCall(executor, body, startedAt);
  }
  if (body.length === 0) {
    // JSON-RPC 2.0: an empty batch is answered with one error, not with an empty array.
    return withId(
      errorReply(422, 'failed to parse json-rpc request: empty batch', startedAt),
      null,
    );
  }
  if (body.length > MAX_JSON_RPC_BATCH) {
    return withId(
      errorReply(
        422,
        `failed to parse json-rpc request: a batch holds at most ${String(MAX_JSON_RPC_BATCH)} calls, got ${String(body.length)}`,
        startedAt,
      ),
      null,
    );
  }
  const calls: unknown[] = body;
  const bodies: V2Body[] = [];
  for (let i = 0; i < calls.length; i += BATCH_CONCURRENCY) {
    const chunk = calls.slice(i, i + BATCH_CONCURRENCY);
    const replies = await Promise.all(chunk.map((call) => oneCall(executor, call, startedAt)));
    bodies.push(...replies.map((reply) => reply.body));
  }
  return { status: 200, body: bodies };
}

async function oneCall(executor: V2Executor, call: unknown, startedAt: bigint): Promise<V2Reply> {
  const id = isRecord(call) && Object.hasOwn(call, 'id') ? call.id : undefined;
  const method = isRecord(call) && Object.hasOwn(call, 'method') ? call.method : undefined;
  if (typeof method !== 'string') {
    return withId(
      errorReply(422, 'failed to parse json-rpc request: method expected', startedAt),
      id,
    );
  }
  if (!V2_METHODS.has(method)) {
    // 2.1 re-posts to /api/v2/<method> and passes on its bare 404; the method is named here.
    return withId(errorReply(404, `Not Found: unknown method '${quoted(method)}'`, startedAt), id);
  }
  const params = isRecord(call) && Object.hasOwn(call, 'params') ? call.params : undefined;
  // 2.1 takes absent params and an empty array as `{}`; a non-empty array is refused
  // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
  const named = params === undefined || params === null || isEmptyArray(params) ? {} : params;
  if (!isRecord(named)) {
    return withId(replyForError(notAnObject(), startedAt), id);
  }
  return withId(await executor.call(method, 'POST', named, startedAt), id);
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * JSON-RPC replies carry `jsonrpc` and the caller's `id` (as sent: a string, a number or null) after
 * the envelope, as toncenter 2.0 does; 2.1 leaves them out. Clients ignore both.
 */
function withId(v2: V2Reply, id: unknown): V2Reply {
  // JSON-RPC 2.0 answers a request whose id could not be read with `"id": null`.
  const idValue = typeof id === 'string' || typeof id === 'number' || id === null ? { id } : {};
  return { status: v2.status, body: { ...v2.body, jsonrpc: '2.0', ...idValue } };
}
