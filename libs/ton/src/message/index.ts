export * from './external-message-hash';
