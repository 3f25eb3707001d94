// The liteserver app's public entry: what the single-process launcher and the cross-app tests use.

// Boot: the Nest module and the app factory.
export { LiteserverModule } from './liteserver.module';
export { createLiteserverApp } from './liteserver-app';

// The highload wallet codes the v2 e2e tests deploy.
export { HIGHLOAD_CODES } from './v2/accounts/highload-wallet-codes.testing';
