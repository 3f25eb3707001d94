export * from './env-vars';
export * from './fragments';
export * from './load-config';
