export * from './liteserver-cache';
export * from './liteserver-errors';
export * from './liteserver-metrics';
export * from './liteserver-pool';
export * from './liteserver-pool.service';
