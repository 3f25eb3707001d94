export * from './block-producer';
export * from './chain-reader';
export * from './local-chain';
export { BlockNotKeptError, DEFAULT_STATE_HISTORY, StateNotKeptError } from './state-retention';
export { createLocalValidators, type LocalValidator, signBlock } from './local-validators';
