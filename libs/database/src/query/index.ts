export * from './sql-filter';
export * from './block.query-repository';
export * from './transaction.rows';
export * from './transaction.query-repository';
export * from './message.query-repository';
export * from './trace.query-repository';
export * from './action.query-repository';
export * from './address-book.query-repository';
