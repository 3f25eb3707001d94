// Tokens of the pending-trace providers that PendingTracesService and PendingStreamPublisher inject;
// apart from pending.providers.ts, which imports those classes (a token defined there would be read
// before it is set).

/** The pending traces' logger (component `pending-traces`). */
export const PENDING_LOGGER = Symbol('PENDING_LOGGER');

/** The Streaming API publisher's logger (component `pending-stream`). */
export const PENDING_STREAM_LOGGER = Symbol('PENDING_STREAM_LOGGER');

/** Emulations on a network newer than the emulator (ConfigParam 8): counted, warned once. */
export const PENDING_EMULATOR_BEHIND = Symbol('PENDING_EMULATOR_BEHIND');

/** The traces indexed complete (CompletedTraceQueryRepository), or null without PostgreSQL. */
export const COMPLETED_TRACES = Symbol('COMPLETED_TRACES');

/** The indexed transactions (TransactionQueryRepository), or null without PostgreSQL. */
export const INDEXED_TRANSACTIONS = Symbol('INDEXED_TRANSACTIONS');
