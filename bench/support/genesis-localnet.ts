import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address } from '@ton/core';
import { type LiteserverEndpoint, parseGlobalConfig } from '@app/ton';
import { type Service, startService } from './processes';

/** An account the localnet's `--accounts-out` file names. */
export interface LocalnetAccount {
  readonly name: string;
  readonly address: string;
}

/** A localnet service with the genesis seed, its files in a fresh temporary folder. */
export interface GenesisLocalnet<A extends LocalnetAccount> {
  /** The temporary folder of the run (the configs, and whatever the benchmark writes next to them). */
  readonly dir: string;
  /** The global config the localnet wrote: what the services under test are given. */
  readonly configPath: string;
  /** Its liteserver. */
  readonly endpoint: LiteserverEndpoint;
  /** The seed's accounts as the localnet wrote them. */
  readonly accounts: readonly A[];
  /** The seed's wallet v4r2, which has history from genesis on. */
  readonly walletV4r2: Address;
}

/**
 * How long the localnet may take to start: well under a minute alone, past the two minutes of the
 * other services when two shared cores run a few dozen other processes.
 */
const LOCALNET_START_MS = 600_000;

/**
 * Starts `apps/localnet` with the genesis seed (pushed on `services`, so the caller stops it) and
 * reads the liteserver and the accounts it wrote.
 */
export async function startGenesisLocalnet<A extends LocalnetAccount = LocalnetAccount>(
  services: Service[],
  dirPrefix: string,
): Promise<GenesisLocalnet<A>> {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  const configPath = join(dir, 'localnet.config.json');
  const accountsPath = join(dir, 'localnet.accounts.json');
  services.push(
    await startService(
      'localnet',
      'apps/localnet/src/cli.js',
      ['--seed', 'genesis', '--config-out', configPath, '--accounts-out', accountsPath],
      {},
      /localnet ready/,
      LOCALNET_START_MS,
    ),
  );
  const [endpoint] = parseGlobalConfig(JSON.parse(readFileSync(configPath, 'utf8')) as unknown);
  const { accounts } = JSON.parse(readFileSync(accountsPath, 'utf8')) as { accounts: A[] };
  const walletRaw = accounts.find((a) => a.name === 'wallet-v4r2')?.address;
  if (!endpoint || walletRaw === undefined) {
    throw new Error('the localnet wrote no liteserver or no wallet-v4r2');
  }
  return { dir, configPath, endpoint, accounts, walletV4r2: Address.parseRaw(walletRaw) };
}
