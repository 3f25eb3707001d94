export * from './fixtures';
export { natsUrl } from './nats-url';
export { type NodeScriptRun, runNodeScript } from './node-script';
export {
  createTestDatabase,
  testServerUrl,
  type TestDatabase,
  type TestDatabaseOptions,
} from './test-database';
export { uniqueName } from './unique-name';
export { waitFor, type WaitForOptions } from './wait-for';
export { TONCENTER_DETECT_ADDRESS } from './toncenter-vectors';
export { v3Message } from './v3-message';
