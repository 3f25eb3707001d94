import { createDataSource } from '../data-source.factory';
import { parseDatabaseUrl, redactDatabaseUrl } from '../database-url';
import { type ReadReplicaSource } from './read-router';

/** How long a request waits for a connection to a replica before it counts as down. */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

/** The replicas of DATABASE_READ_URLS, each named `host:port/database` (no credentials). */
export function readReplicaSources(
  urls: readonly string[],
  options: { applicationName: string; poolSize?: number },
): ReadReplicaSource[] {
  const names = new Set<string>();
  return urls.map((url) => {
    const parsed = parseDatabaseUrl(url);
    const name = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
    if (names.has(name)) {
      throw new Error(`DATABASE_READ_URLS names ${redactDatabaseUrl(url)} twice`);
    }
    names.add(name);
    return {
      name,
      create: () =>
        createDataSource({
          url,
          applicationName: `${options.applicationName}-read`,
          connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
          ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
        }),
    };
  });
}
