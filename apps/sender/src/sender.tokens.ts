// Tokens of the sender's providers that services inject; apart from sender.providers.ts, which
// imports those services (a token defined there would be read before it is set).

/** The send path's logger (component `sender`): the message sender, its limits reader, landing. */
export const SENDER_LOGGER = Symbol('SENDER_LOGGER');

/** The landing watcher, or null when the process has no PostgreSQL (`SenderOptions.database`). */
export const LANDING_WATCHER = Symbol('LANDING_WATCHER');
