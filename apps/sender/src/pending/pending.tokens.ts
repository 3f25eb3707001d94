// Tokens of the pending-trace providers that PendingTracesService injects; apart from
// pending.providers.ts, which imports the service (a token defined there would be read before it is
// set).

/** The pending traces' logger (component `pending-traces`). */
export const PENDING_LOGGER = Symbol('PENDING_LOGGER');

/** Emulations on a network newer than the emulator (ConfigParam 8): counted, warned once. */
export const PENDING_EMULATOR_BEHIND = Symbol('PENDING_EMULATOR_BEHIND');

/** The traces indexed complete (CompletedTraceQueryRepository), or null without PostgreSQL. */
export const COMPLETED_TRACES = Symbol('COMPLETED_TRACES');

/** The indexed transactions (TransactionQueryRepository), or null without PostgreSQL. */
export const INDEXED_TRANSACTIONS = Symbol('INDEXED_TRANSACTIONS');
