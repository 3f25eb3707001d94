import { LiteApiSchema } from '@app/ton';

/** The generated lite_api codecs (kept in libs/ton, shared with the liteserver service). */
export const { Codecs, Functions } = LiteApiSchema;
export type liteServer_outMsgQueueSize = LiteApiSchema.liteServer_outMsgQueueSize;
export type liteServer_shardBlockLink = LiteApiSchema.liteServer_shardBlockLink;
