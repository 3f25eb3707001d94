export * from './block-producer';
export * from './chain-reader';
export * from './local-chain';
export { createLocalValidators, type LocalValidator, signBlock } from './local-validators';
