export * from './token-metadata';
export * from './tep64-content';
