import { edgeProtectionEnv } from './edge-protection.env';
import {
  accessLogEnv,
  databaseEnv,
  databaseReadEnv,
  edgeEnv,
  httpEnv,
  ingestEnv,
  localnetEnv,
  loggingEnv,
  metricsEnv,
  natsEnv,
  queryEnv,
  senderEnv,
  streamLogEnv,
  tonNetworkEnv,
} from './fragments';
import { metadataFetchEnv } from './metadata.env';
import { streamingEnv } from './streaming.env';

/** Every configuration fragment by its exported name; docs/configuration.md has a section of each. */
export const ENV_FRAGMENTS = {
  httpEnv,
  natsEnv,
  databaseEnv,
  databaseReadEnv,
  tonNetworkEnv,
  localnetEnv,
  loggingEnv,
  accessLogEnv,
  metricsEnv,
  ingestEnv,
  senderEnv,
  streamLogEnv,
  queryEnv,
  edgeEnv,
  edgeProtectionEnv,
  streamingEnv,
  metadataFetchEnv,
};

/**
 * What each entry point reads from its environment: the one list its `loadConfig` call uses and
 * docs/configuration.md's "read by" column is generated from.
 */

/** Read by every mesh service started with `runMeshService` (libs/nats), before its own variables. */
export const meshServiceEnv = { ...natsEnv, ...databaseEnv, ...loggingEnv, ...metricsEnv };

export const appEnv = {
  gateway: {
    ...httpEnv,
    ...natsEnv,
    ...loggingEnv,
    ...accessLogEnv,
    // API keys need DATABASE_URL, rate limits REDIS_URL; without them the edge lets everyone in.
    ...databaseEnv,
    ...edgeEnv,
    ...edgeProtectionEnv,
    ...streamLogEnv,
    ...streamingEnv,
    TON_NETWORK: tonNetworkEnv.TON_NETWORK,
  },
  liteserver: { ...natsEnv, ...tonNetworkEnv, ...loggingEnv, ...metricsEnv },
  ingestor: { ...tonNetworkEnv, ...ingestEnv },
  decoder: { ...tonNetworkEnv, ...metadataFetchEnv },
  query: { ...databaseReadEnv, ...streamLogEnv, ...queryEnv },
  sender: { ...tonNetworkEnv, ...senderEnv, ...streamLogEnv },
  standalone: {
    ...httpEnv,
    ...natsEnv,
    ...databaseEnv,
    ...databaseReadEnv,
    ...tonNetworkEnv,
    ...localnetEnv,
    ...ingestEnv,
    ...senderEnv,
    ...edgeEnv,
    ...edgeProtectionEnv,
    ...streamLogEnv,
    ...streamingEnv,
    ...queryEnv,
    ...loggingEnv,
    ...accessLogEnv,
    ...metadataFetchEnv,
  },
  ingestCli: {
    ...databaseEnv,
    ...natsEnv,
    ...tonNetworkEnv,
    ...loggingEnv,
    INGEST_PARSE_THREADS: ingestEnv.INGEST_PARSE_THREADS,
  },
  keysCli: { ...databaseEnv, ...natsEnv },
};

export type AppName = keyof typeof appEnv;

/** The entry points that run as mesh services, hence also read `meshServiceEnv`. */
export const MESH_SERVICES: readonly AppName[] = ['ingestor', 'decoder', 'query', 'sender'];

/** How docs/configuration.md names each entry point. */
export const APP_LABELS: Record<AppName, string> = {
  gateway: 'gateway',
  liteserver: 'liteserver',
  ingestor: 'ingestor',
  decoder: 'decoder',
  query: 'query',
  sender: 'sender',
  standalone: 'standalone (`npm start`)',
  ingestCli: '`npm run ingest`',
  keysCli: '`npm run keys`',
};
