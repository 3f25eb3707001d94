/**
 * The lite_api TL codecs generated from apps/localnet/src/lite-api/lite-api.tl (scripts/gen-lite-api.ts),
 * including the constructors ton-lite-client lacks (listBlockTransactionsExt, getOutMsgQueueSizes,
 * lookupBlockWithProof…): the local liteservers answer with them and the liteserver service sends them.
 */
export * as LiteApiSchema from './lite-api-schema.generated';
