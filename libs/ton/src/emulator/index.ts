export * from './recovering-instance';
