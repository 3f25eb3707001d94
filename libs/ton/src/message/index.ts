export * from './external-message-hash';
export * from './external-message.check';
