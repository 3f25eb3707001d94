export { bigintTransformer } from './bigint.transformer';
export {
  createDataSource,
  MIGRATIONS_GLOB,
  MIGRATIONS_TABLE_NAME,
  SESSION_OPTIONS,
  type DataSourceFactoryOptions,
} from './data-source.factory';
export { createDatabase, databaseExists, dropDatabase } from './database-admin';
export {
  assertSafeDatabaseName,
  databaseName,
  parseDatabaseUrl,
  redactDatabaseUrl,
  withDatabase,
} from './database-url';
export { DATABASE_ENTITIES } from './database.entities';
export {
  DatabaseModule,
  type DatabaseModuleOptions,
  type ReadReplicaOptions,
} from './database.module';
export {
  PRIMARY_SERVER,
  ReadRouter,
  type ReadReplicaSource,
  type ReadRouterLogger,
  type ReadRouterOptions,
} from './read-replicas/read-router';
export { readReplicaSources } from './read-replicas/read-replica-sources';
export { ReadRoutingMetrics } from './read-replicas/read-routing.metrics';
export { ReadScopeInterceptor } from './read-replicas/read-scope.interceptor';
export { parseWalLsn, walBytesBehind } from './read-replicas/wal-lsn';
export { findFreePort, FREE_PORT_RANGE } from './free-port';
export {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresLogger,
  type EmbeddedPostgresOptions,
} from './embedded-postgres.launcher';
export { IndexerCursorEntity } from './entities/indexer-cursor.entity';
export {
  appliedMigrations,
  assertSchemaCurrent,
  MigrationFailedError,
  pendingMigrations,
  revertLastMigration,
  runPendingMigrations,
} from './migrator';
export { pingDatabase } from './ping-database';
export { databaseUnavailableError, isDatabaseUnavailable } from './database-unavailable';
export { IndexerCursorRepository } from './repositories/indexer-cursor.repository';
export {
  HistoryPartitions,
  type CreatedPartition,
  type HistoryPartitionsOptions,
} from './partitions/history-partitions';
export {
  LandedMessageRepository,
  type LandedMessageRow,
} from './repositories/landed-message.repository';
export { DataSource, type EntityManager } from 'typeorm';
export { postgresReadiness } from './readiness';
export * from './chain';
export { type AccountStatus as DbAccountStatus, AccountStatusValues } from './entities/chain-enums';
export { AccountStateEntity } from './entities/account-state.entity';
export { BlockEntity } from './entities/block.entity';
export { type QueryRow, selectList } from './entities/query-row';
export { type BlockRefJson } from './entities/block-ref.json';
export { IngestLeaderEntity } from './entities/ingest-leader.entity';
export { IngestQuarantineEntity } from './entities/ingest-quarantine.entity';
export { LatestAccountStateEntity } from './entities/latest-account-state.entity';
export { MessageContentEntity } from './entities/message-content.entity';
export { MessageEntity } from './entities/message.entity';
export { ShardStateEntity } from './entities/shard-state.entity';
export { TransactionEntity } from './entities/transaction.entity';
export { ActionAccountEntity } from './entities/action-account.entity';
export { AddressMetadataEntity } from './entities/address-metadata.entity';
export { ActionEntity } from './entities/action.entity';
export { ContractInterfacesEntity } from './entities/contract-interfaces.entity';
export { DecodeFailureEntity } from './entities/decode-failure.entity';
export { JettonBurnEntity } from './entities/jetton-burn.entity';
export { JettonMasterEntity } from './entities/jetton-master.entity';
export { JettonTransferEntity } from './entities/jetton-transfer.entity';
export { JettonWalletEntity } from './entities/jetton-wallet.entity';
export { NftCollectionEntity } from './entities/nft-collection.entity';
export { NftItemEntity } from './entities/nft-item.entity';
export { GetgemsNftSaleEntity } from './entities/getgems-nft-sale.entity';
export { GetgemsNftAuctionEntity } from './entities/getgems-nft-auction.entity';
export { TelemintNftItemEntity } from './entities/telemint-nft-item.entity';
export { DexPoolEntity } from './entities/dex-pool.entity';
export { NftTransferEntity } from './entities/nft-transfer.entity';
export { TraceEntity } from './entities/trace.entity';
export { DnsEntryEntity } from './entities/dns-entry.entity';
export { MultisigEntity } from './entities/multisig.entity';
export { MultisigOrderEntity } from './entities/multisig-order.entity';
export { VestingContractEntity } from './entities/vesting-contract.entity';
export { VestingWhitelistEntity } from './entities/vesting-whitelist.entity';
export {
  type TraceState,
  TraceStateValues,
  type ClassificationState,
  ClassificationStateValues,
} from './entities/chain-enums';
export * from './decoded';
export * from './query';
export { ApiPlanEntity } from './entities/api-plan.entity';
export { ApiKeyEntity } from './entities/api-key.entity';
export * from './api-keys';
