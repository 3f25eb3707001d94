export * from './block-id';
export * from './lite-api-dispatcher';
export * from './lite-api-handler';
export * from './lite-api-ids.generated';
export * from './lite-server-error';
export { LITE_API_HANDLERS } from './handlers';
export { Codecs as LiteApiCodecs, Functions as LiteApiFunctions } from './lite-api-schema';
