import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type Service, startProcess } from './processes';

/**
 * A single process (`apps/standalone`) serving v2 from the liteservers of `configPath`, with a
 * database of its own (added to `databases`, for the caller to drop), no indexer and no rate limit
 * in the way. `verify` sets LITESERVER_VERIFY; `nodeArgs` go to node before the script (`--cpu-prof`,
 * which NODE_OPTIONS does not accept).
 */
export async function startStandalone(
  name: string,
  configPath: string,
  verify: boolean,
  databases: TestDatabase[],
  nodeArgs: readonly string[] = [],
): Promise<{ service: Service; base: string }> {
  const db = await createTestDatabase({ prefix: `bench_${name}`, migrate: false });
  databases.push(db);
  const port = await findFreePort();
  const service = await startProcess(
    name,
    process.execPath,
    [...nodeArgs, resolve(__dirname, '..', '..', 'apps/standalone/src/main.js')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LITESERVERS_CONFIG: configPath,
      LITESERVER_VERIFY: verify ? 'true' : 'false',
      LITESERVER_TRUST_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-trust-`)),
      DATABASE_URL: db.url,
      NATS_URL: '',
      RATE_LIMIT_ANONYMOUS_RPS: '1000000',
      // The v2 read path alone: no indexer following the chain in the same process.
      INGEST_FOLLOW: 'off',
    },
    /ready: open/,
  );
  return { service, base: `http://127.0.0.1:${String(port)}` };
}
