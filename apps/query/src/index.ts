// The query service's public entry: what the single-process launcher, the cross-app tests and the
// benchmarks use. Anything else under src/ is the query service's own.

// Boot: the Nest module.
export { QueryModule } from './query.module';

// The v3 controllers and the renderers behind them, which the benchmarks, the read-replica test
// and the decoder's tests call directly to read what was indexed.
export { BlocksController } from './blocks/blocks.controller';
export { TokensController } from './tokens/tokens.controller';
export { TracesController } from './traces/traces.controller';
export { TransactionsController } from './transactions/transactions.controller';
export { pageControllers } from './render-cache/page-controllers.testing';
export { actionAddresses, toV3Action } from './actions/action.mapper';
export { MetadataBuilder } from './metadata/metadata.builder';
export { present } from './tokens/token.mapper';
