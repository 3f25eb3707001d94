export * from './adnl-frames';
export * from './adnl-keys';
export * from './adnl-tcp-client';
