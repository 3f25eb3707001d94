export * from './approximate-bytes';
export * from './liteserver-cache';
export * from './liteserver-errors';
export * from './liteserver-metrics';
export * from './liteserver-pool';
export * from './liteserver-pool.service';
export * from './liteserver-endpoints';
export * from './masterchain-block.lookup';
