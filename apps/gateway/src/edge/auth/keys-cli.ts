import 'reflect-metadata';
import { appEnv, CliUsageError, loadConfig, runCli } from '@app/config';
import { ApiKeyStoreError, openApiKeyStore } from '@app/database';
import { connectNats, natsServers } from '@app/nats';
import { z } from 'zod';
import { publishApiKeysChanged } from './api-keys-changed';
import { KEYS_CLI, parseKeysCommand } from './keys.command';
import { KeysCommandError, runKeysCommand } from './keys.runner';

/**
 * `npm run keys -- …` (node dist/apps/gateway/src/edge/auth/keys-cli.js): plans and API keys in
 * PostgreSQL. After a change it tells the running gateways over NATS (when NATS_URL is set) so a
 * revoked key stops working at once; without NATS they notice within API_KEY_CACHE_TTL_MS.
 * Exit codes: 0 done, 1 refused or failed, 2 bad command line.
 */
async function main(argv: readonly string[]): Promise<number> {
  const command = parseKeysCommand(argv);
  const config = loadConfig(z.object(appEnv.keysCli));
  if (config.DATABASE_URL === undefined) {
    throw new CliUsageError('DATABASE_URL is not set');
  }
  const store = await openApiKeyStore(config.DATABASE_URL, 'ton-access-keys');
  let outcome;
  try {
    outcome = await runKeysCommand(command, store.keys);
  } catch (error: unknown) {
    if (error instanceof ApiKeyStoreError || error instanceof KeysCommandError) {
      process.stderr.write(`keys: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
  if (outcome.changed) {
    await notifyGateways(config.NATS_URL);
  }
  process.stdout.write(`${outcome.lines.join('\n')}\n`);
  return 0;
}

/** Best effort: the change is committed either way, and gateways' cache TTL bounds a missed notice. */
async function notifyGateways(natsUrl: string | undefined): Promise<void> {
  if (natsUrl === undefined) {
    process.stderr.write(
      'keys: NATS_URL not set; gateways see the change within their cache TTL\n',
    );
    return;
  }
  try {
    const nc = await connectNats({
      servers: natsServers(natsUrl),
      name: 'ton-access-keys',
      timeout: 3000,
      maxReconnectAttempts: 0,
    });
    try {
      await publishApiKeysChanged(nc, '');
    } finally {
      await nc.close();
    }
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `keys: could not notify gateways over NATS (${reason}); they see the change within their cache TTL\n`,
    );
  }
}

runCli(KEYS_CLI, main);
