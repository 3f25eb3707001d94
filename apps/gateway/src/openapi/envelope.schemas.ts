import { z } from 'zod';

/**
 * The v2 envelope (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) around each
 * method's result, and the error bodies of both versions: documented in OpenAPI and checked against
 * real answers in tests.
 */

/** `@extra`: `<unix seconds>:<liteserver indexes or _>:<elapsed ms>` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
const Extra = z
  .string()
  .regex(/^\d+:[^:]*:\d+(?:\.\d+)?$/)
  .meta({ example: '1763716800:_:0.041' });

/** JSON-RPC replies echo `jsonrpc` and the caller's `id`. */
const JsonRpcEcho = {
  jsonrpc: z.literal('2.0').optional(),
  id: z.union([z.string(), z.number()]).optional(),
};

export function v2OkBody(result: z.ZodType): z.ZodObject {
  return z.object({ ok: z.literal(true), result, '@extra': Extra, ...JsonRpcEcho }).strict();
}

export const V2ErrorBody = z
  .object({
    ok: z.literal(false),
    error: z.string(),
    code: z.int().min(400).max(599),
    '@extra': Extra.optional(),
    ...JsonRpcEcho,
  })
  .strict()
  .meta({
    example: { ok: false, error: 'Not Found', code: 404, '@extra': '1763716800:_:0.041' },
  });

/** toncenter's gateway answers rate limits with `result`, not `error` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const V2RateLimitBody = z
  .object({ ok: z.literal(false), result: z.string(), code: z.literal(429) })
  .strict();

export const V3ErrorBody = z
  .object({ error: z.string() })
  .strict()
  .meta({ example: { error: 'failed to decode: schema: error converting value for "seqno"' } });
