export * from './cell-set';
export * from './dict-count';
export * from './dict-path';
export * from './merkle-proof';
export * from './multi-root-boc';
export * from './pruned-branch';
export * from './shard-account';
