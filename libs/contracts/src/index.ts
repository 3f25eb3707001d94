export * from './subjects';
export * from './errors';
export * from './registry';
export * from './v2/primitives';
export * from './v2/tonlib';
export * from './messages/ls';
