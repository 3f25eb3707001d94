import { z } from 'zod';

import { Subjects } from '../subjects';

/** The most opcodes and bodies one decode request takes (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const DECODE_MAX_ITEMS = 1000;

/**
 * v3 decode (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): opcodes
 * already parsed to unsigned 32-bit numbers and bodies as base64 BoC (the gateway turns hex into
 * base64), both in request order.
 */
export const DecodeReq = z
  .object({
    opcodes: z.array(z.number().int().min(0).max(0xffffffff)).max(DECODE_MAX_ITEMS),
    bodies: z.array(z.string().min(1)).max(DECODE_MAX_ITEMS),
  })
  .strict();
export type DecodeReq = z.infer<typeof DecodeReq>;

/** A decoded body (`@type` then its fields) or `{error: "unknown: …"}`. */
export const DecodedBodyJson = z.record(z.string(), z.unknown());

/** `{opcodes: [name | "unknown"], bodies: [decoded | {error}]}`, one entry per input. */
export const DecodeRes = z
  .object({ opcodes: z.array(z.string()), bodies: z.array(DecodedBodyJson) })
  .strict();
export type DecodeRes = z.infer<typeof DecodeRes>;

export const queryDecodeContracts = {
  [Subjects.query.decode]: { req: DecodeReq, res: DecodeRes },
} as const;
