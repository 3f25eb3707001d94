import { ErrorCode, TonApiError } from '@app/contracts';
import { approximateBytes, LiteserverCache } from '@app/liteclient';
import { type V2Backend } from './v2-method';
import { V2_METHODS } from './v2-methods.registry';
import {
  type V2Reply,
  errorReply,
  extra,
  keptReplyBytes,
  keptReplyHead,
  okReply,
  renderedReply,
  replyForError,
} from './v2-envelope';
import { type ParamSource, type RawParams, validationError } from './v2-params';

/**
 * Runs one v2 call (REST GET, REST POST or a JSON-RPC request forwarded as a POST, exactly as 2.1's
 * JsonRpcHandler re-posts `params` to /api/v2/<method>,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) and renders
 * the envelope.
 */
export class V2Executor {
  /**
   * Immutable answers (a read as of a given masterchain seqno), kept with their JSON text: asked
   * again, they are answered without the services, the contract check or a second serialisation.
   * Only successful results are kept; the services verified them before answering.
   */
  private readonly rendered = new LiteserverCache<RenderedResult>(RENDERED_BUDGET.entries, {
    maxBytes: RENDERED_BUDGET.bytes,
    sizeOf: approximateBytes,
  });

  constructor(private readonly backend: V2Backend) {}

  async call(
    methodName: string,
    verb: 'GET' | 'POST',
    raw: RawParams,
    startedAt: bigint,
  ): Promise<V2Reply> {
    const method = V2_METHODS.get(methodName);
    if (!method) {
      // 2.1: an unknown path is `{"ok":false,"error":"Not Found","code":404}`.
      return errorReply(404, 'Not Found', startedAt);
    }
    if (!method.verbs.includes(verb)) {
      return errorReply(405, `method ${verb} is not supported`, startedAt);
    }
    const source: ParamSource = verb === 'GET' ? 'get' : 'post';
    const params = ownParams(raw);
    try {
      if (source === 'post') {
        rejectUnknownKeys(params, method.params);
      }
      const call = method.prepare(params, source);
      const key = call.cacheKey;
      if (key === undefined) {
        return okReply(await call.run(this.backend), startedAt);
      }
      // Calls of one key while it is being loaded share that load: when a kept head expires, the
      // connections asking it at that moment cost the services one request, not one each.
      const { answer } = await this.rendered.getOrLoad(
        key,
        call.keptForMs,
        async () => {
          const result = await call.run(this.backend);
          const json = JSON.stringify(result) as string | undefined;
          const head = json === undefined ? undefined : keptReplyHead(json);
          return { value: { value: result, json, head }, server: -1 };
        },
        (kept) => kept.json !== undefined,
      );
      const { value, json } = answer.value;
      return json === undefined ? okReply(value, startedAt) : renderedReply(value, json, startedAt);
    } catch (error) {
      return replyForError(error, startedAt);
    }
  }

  /**
   * The key under which the answer to a GET of `methodName` with `raw` is kept, when it may be kept
   * (immutable, or a head kept for a while), else undefined; nothing is asked of the services and
   * nothing is thrown (http/lean-v2-route.ts answers with keptReplyBody, and leaves every other
   * request to `call`). A function of the method and the parameters alone, so a caller may remember it.
   */
  keptKey(methodName: string, raw: RawParams): string | undefined {
    const method = V2_METHODS.get(methodName);
    if (!method?.verbs.includes('GET')) {
      return undefined;
    }
    try {
      return method.prepare(ownParams(raw), 'get').cacheKey;
    } catch {
      // Invalid parameters: `call` answers them with their 4xx.
      return undefined;
    }
  }

  /**
   * The bytes of the reply (replyJson of `call`'s, `@extra` included) when the answer under `key`
   * is kept rendered and still fresh, else undefined.
   */
  keptReplyBody(key: string, startedAt: bigint): Buffer | undefined {
    const head = this.rendered.get(key)?.value.head;
    return head === undefined ? undefined : keptReplyBytes(head, extra(startedAt));
  }
}

/**
 * What the gateway may hold of kept answers: about 16 MiB as approximateBytes counts it (the value,
 * its JSON text and the reply's head bytes).
 */
const RENDERED_BUDGET = { entries: 5_000, bytes: 16 << 20 };

interface RenderedResult {
  readonly value: unknown;
  /** Undefined when the result has no JSON form (`undefined`): such a result is never kept. */
  readonly json: string | undefined;
  /** The reply's first bytes, up to `@extra`'s text (v2-envelope.ts keptReplyHead). */
  readonly head: Buffer | undefined;
}

/**
 * The caller's parameters as an object without a prototype: a parameter a client did not send reads
 * as absent, never as something inherited (`toString`, `constructor`, `valueOf`…). Keys are defined,
 * not assigned, so a `__proto__` key stays a plain key.
 */
function ownParams(raw: RawParams): RawParams {
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(raw)) {
    Object.defineProperty(params, key, { value, enumerable: true, writable: true });
  }
  return params;
}

/** 2.1 POST bodies follow a schema with `additionalProperties: false` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
function rejectUnknownKeys(raw: RawParams, known: readonly string[]): void {
  for (const key of Object.keys(raw)) {
    // The API key may travel in the body's query-string twin; it is the edge's business, not the method's.
    if (!known.includes(key) && key !== 'api_key') {
      throw validationError(`unknown field '${key}'`, key);
    }
  }
}

export function notAnObject(): TonApiError {
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, 'params must contain an object', {
    details: { param: 'params' },
  });
}
