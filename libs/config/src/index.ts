export * from './env-vars';
export * from './fragments';
export * from './edge-protection.env';
export * from './streaming.env';
export * from './load-config';
export * from './metadata.env';
export * from './app-env';
export * from './command-line';
