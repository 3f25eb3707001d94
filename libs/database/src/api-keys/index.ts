export * from './api-key.repository';
export * from './api-key.store';
