export * from './global-config';
