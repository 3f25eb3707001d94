// The local network's public entry. The local network is test infrastructure: tests, benchmarks and
// the single-process launcher drive its chain, its liteservers, its admin server, its seeds and its
// contract wrappers through these names only.

// The network and its admin server.
export * from './localnet';
export * from './admin/admin-server';

// The chain.
export { LocalChain } from './chain/local-chain';
export type * from './chain/chain-reader';
export { BlockProducer } from './chain/block-producer';
export { type OracleLoader, field, loadTlbOracle } from './chain/tlb-oracle';
export { toTlBlockId } from './lite-api/block-id';
export { EXT_MSG_QUEUE_SIZE_LIMIT } from './lite-api/handlers/out-msg-queue.handler';

// Its liteservers.
export { AdnlServer } from './adnl';
export { LiteServerNode } from './liteserver/lite-server-node';
export { LiteServerFault } from './liteserver/lite-server-fault';
export { liteServerSeed, startLiteServers } from './liteserver';
export { globalConfigJson, renderGlobalConfig } from './liteserver/global-config';

// Seeds and contract wrappers.
export {
  GENESIS,
  GenesisAccount,
  MAINNET_REPLAY_FIXTURE,
  SEED_VALID_UNTIL,
  type SeedAccount,
  parseAccountsFile,
} from './seeds';
export {
  addReservesBody,
  contractCode,
  dedustFactoryInit,
  dedustPoolInit,
  type DedustPoolTerms,
  JettonWallet,
  Multisig,
  multisigOrder,
  NftCollection,
  saleFeesCell,
  textComment,
} from './contracts';
