export * from './localnet';
export * from './admin/admin-server';
export { LocalChain } from './chain/local-chain';
export type * from './chain/chain-reader';
export { BlockProducer } from './chain/block-producer';
export { LiteServerNode } from './liteserver/lite-server-node';
export { LiteServerFault } from './liteserver/lite-server-fault';
export { GENESIS, GenesisAccount, type SeedAccount, parseAccountsFile } from './seeds';
