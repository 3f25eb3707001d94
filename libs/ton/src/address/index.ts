export * from './parse-address';
