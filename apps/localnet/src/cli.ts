import { resolve } from 'node:path';
import { loadConfig, loggingEnv, runCli } from '@app/config';
import { createLogger } from '@app/observability';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { z } from 'zod';
import { startAdminServer } from './admin/admin-server';
import { LOCALNET_CLI, parseCliOptions } from './cli-options';
import { startLocalnet } from './localnet';

/** `npm run localnet -- …`: a local TON network on loopback until stopped. */
async function main(argv: readonly string[]): Promise<undefined> {
  // Process-wide: cell hashing and bit reads dominate block building, and these swap @ton/crypto's
  // SHA-256 and @ton/core's bit loops for faster ones giving the same results, for every module of
  // the process. Installed here, once, before any cell is built (libs/ton/src/perf).
  installNativeSha256();
  installFastBitOps();
  const options = parseCliOptions(argv);
  const config = loadConfig(z.object({ ...loggingEnv }));
  const logger = createLogger({ app: 'localnet', level: config.LOG_LEVEL });
  const configOut = resolve(options.configOut);
  const localnet = await startLocalnet({
    seed: options.seed,
    liteservers: options.liteservers,
    signatures: options.signatures,
    blockIntervalMs: options.blockIntervalMs,
    shards: options.shards,
    stateHistory: options.stateHistory,
    ...(options.blockHistory === undefined ? {} : { blockHistory: options.blockHistory }),
    host: options.host,
    basePort: options.port,
    configOut,
    ...(options.accountsOut === undefined ? {} : { accountsOut: resolve(options.accountsOut) }),
    ...(options.dataDir === undefined
      ? {}
      : { dataDir: resolve(options.dataDir), fresh: options.fresh }),
    logger,
  });
  const admin =
    options.adminPort === undefined
      ? undefined
      : await startAdminServer(localnet, options.adminPort);
  logger.info(
    {
      config: configOut,
      liteservers: localnet.liteservers.map((ls) => `${ls.endpoint.host}:${ls.endpoint.port}`),
      ...(admin ? { admin: `http://127.0.0.1:${admin.port}` } : {}),
    },
    `localnet ready; global config written to ${configOut}`,
  );
  const stop = (): void => {
    void Promise.all([localnet.stop(), admin?.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}

runCli(LOCALNET_CLI, main);
