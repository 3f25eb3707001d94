export * from './batch-rows';
export * from './chain-batch';
export * from './chain-block.writer';
export * from './ingest-leader.lease';
export * from './ingest-progress.repository';
export * from './chain-identity';
export * from './index-reset';
export * from './lookup.columns';
