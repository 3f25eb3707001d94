import { ErrorCode, TonApiError, isTonApiError } from '@app/contracts';
import { v2StatusOf } from './v2-status.mapper';

/**
 * The `X-API-Version` every v2 response carries, as 2.1 sends it
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const V2_API_VERSION = '2.1';

/** What Fastify sets for a JSON-serialised reply. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What the gateway sends for one v2 call: the HTTP status and the `{ok, …}` envelope (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export interface V2Reply {
  readonly status: number;
  readonly body: V2Body;
  /**
   * `body.result` as JSON text, when the gateway kept it rendered (an immutable answer): the REST
   * reply splices it into the envelope instead of serialising the result again (v2.controller.ts).
   */
  readonly resultJson?: string;
}

/** JSON-RPC replies add `jsonrpc` and the request's `id`. */
interface JsonRpcEcho {
  jsonrpc?: '2.0';
  id?: string | number | null;
}

export type V2Body =
  | ({ ok: true; result: unknown; '@extra': string } & JsonRpcEcho)
  | ({ ok: false; error: string; code: number; '@extra': string } & JsonRpcEcho);

/**
 * toncenter 2.1 puts `@extra` at the top level as `<unix seconds>:<liteserver indexes or _>:<elapsed
 * ms>` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * Which liteserver answered stays inside the mesh, so the middle field is `_`.
 */
export function extra(startedAt: bigint): string {
  const elapsedMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  return `${Math.floor(Date.now() / 1000)}:_:${elapsedMs.toFixed(3)}`;
}

export function okReply(result: unknown, startedAt: bigint): V2Reply {
  return { status: 200, body: { ok: true, result, '@extra': extra(startedAt) } };
}

/** An answer kept rendered: the same body, and its result's JSON text (see V2Reply.resultJson). */
export function renderedReply(result: unknown, resultJson: string, startedAt: bigint): V2Reply {
  return { ...okReply(result, startedAt), resultJson };
}

/**
 * The JSON text of a reply's body, byte for byte what JSON.stringify (Fastify's serialiser) makes
 * of it: with a rendered result, the envelope around that text, nothing parsed or serialised again.
 */
export function replyJson(reply: V2Reply): string {
  const { body, resultJson } = reply;
  return resultJson === undefined || !body.ok
    ? JSON.stringify(body)
    : `{"ok":true,"result":${resultJson},"@extra":${JSON.stringify(body['@extra'])}}`;
}

/**
 * What the bytes of every reply of a kept answer start with: replyJson's envelope up to the text of
 * `@extra` (http/lean-v2-route.ts writes it with keptReplyBytes instead of building the text again).
 */
export function keptReplyHead(resultJson: string): Buffer {
  return Buffer.from(`{"ok":true,"result":${resultJson},"@extra":"`);
}

/**
 * The bytes of replyJson of a kept answer's reply whose `@extra` is `extraText` (see extra(): digits,
 * `:`, `_` and `.`, which JSON.stringify leaves as they are and UTF-8 writes one byte each).
 */
export function keptReplyBytes(head: Buffer, extraText: string): Buffer {
  const tail = `${extraText}"}`;
  const bytes = Buffer.allocUnsafe(head.length + tail.length);
  head.copy(bytes, 0);
  bytes.write(tail, head.length, 'latin1');
  return bytes;
}

export function errorReply(status: number, message: string, startedAt: bigint): V2Reply {
  return { status, body: { ok: false, error: message, code: status, '@extra': extra(startedAt) } };
}

/**
 * An error answered with a status of its own rather than its code's: sendBocReturnHashNoError's 400
 * for whatever the send failed with (ton-http-api-cpp SendBocHandler.cpp, `ignore_errors`).
 */
export class V2StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Any thrown value as a v2 error reply. Coded errors keep their message; anything else is an internal
 * failure whose details must not leak (docs/architecture.md).
 */
export function replyForError(error: unknown, startedAt: bigint): V2Reply {
  if (error instanceof V2StatusError) {
    return errorReply(error.status, error.message, startedAt);
  }
  const coded = isTonApiError(error)
    ? error
    : new TonApiError(ErrorCode.INTERNAL, 'internal error', { cause: error });
  return errorReply(v2StatusOf(coded.code), coded.message, startedAt);
}
