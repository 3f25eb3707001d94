export * from './recovering-instance';
export * from './global-version';
