export * from './address';
export * from './block';
export * from './global-config';
export * from './boc';
export * from './tlb';
export * from './perf';
export * from './lite-api';
export * from './stack';
