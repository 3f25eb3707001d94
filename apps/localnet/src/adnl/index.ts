export * from './adnl-connection';
export * from './adnl-server';
export * from './adnl-tl';
