export * from './token-metadata';
