export * from './global-config';
export * from './trust-anchor';
