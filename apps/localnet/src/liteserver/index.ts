export * from './global-config';
export * from './lagging-chain-reader';
export * from './lite-server-fault';
export * from './lite-server-node';
export * from './start-lite-servers';
