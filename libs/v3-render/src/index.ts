export { type Int8 } from './columns';
export * from './message';
export * from './snake-cased';
export * from './trace-tree';
export * from './transaction-descr';
