import { readFile } from 'node:fs/promises';
import { type TonNetwork } from '@app/config';
import { type LiteserverEndpoint, parseGlobalConfig } from '@app/ton';
import {
  type LiteserverTrust,
  type TrustSettings,
  liteserverTrust,
} from './trust/liteserver-trust';

/**
 * The public global configs of the TON networks. They are fetched at boot rather than bundled: the
 * liteserver list changes over time and a stale copy would point at retired servers. Operators who
 * want a pinned list set LITESERVERS_CONFIG to a file.
 */
const PUBLIC_CONFIG_URLS: Readonly<Record<Exclude<TonNetwork, 'local'>, string>> = {
  mainnet: 'https://ton.org/global.config.json',
  testnet: 'https://ton.org/testnet-global.config.json',
};

/** Reads a global config from a file path or an http(s) URL. */
export async function loadGlobalConfig(source: string, timeoutMs = 10_000): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      throw new Error(`cannot fetch the global config ${source}: HTTP ${response.status}`);
    }
    const body: unknown = await response.json();
    return body;
  }
  const parsed: unknown = JSON.parse(await readFile(source, 'utf8'));
  return parsed;
}

/** The liteservers to use: LITESERVERS_CONFIG when given, else the network's public config. */
export async function resolveLiteserverEndpoints(config: {
  TON_NETWORK: TonNetwork;
  LITESERVERS_CONFIG?: string | undefined;
}): Promise<LiteserverEndpoint[]> {
  return parseGlobalConfig(await loadGlobalConfig(globalConfigSource(config)));
}

/** The liteservers and the trust every pool of this process gets, from one read of the config. */
export async function resolveLiteservers(
  config: {
    TON_NETWORK: TonNetwork;
    LITESERVERS_CONFIG?: string | undefined;
    LITESERVER_VERIFY: 'true' | 'false';
    LITESERVER_TRUST_DIR?: string | undefined;
  },
  log?: TrustSettings['log'],
): Promise<{ endpoints: LiteserverEndpoint[]; trust: LiteserverTrust }> {
  const json = await loadGlobalConfig(globalConfigSource(config));
  return {
    endpoints: parseGlobalConfig(json),
    trust: liteserverTrust(json, {
      verify: config.LITESERVER_VERIFY === 'true',
      trustDir: config.LITESERVER_TRUST_DIR,
      ...(log === undefined ? {} : { log }),
    }),
  };
}

function globalConfigSource(config: {
  TON_NETWORK: TonNetwork;
  LITESERVERS_CONFIG?: string | undefined;
}): string {
  const source =
    config.LITESERVERS_CONFIG ??
    (config.TON_NETWORK === 'local' ? undefined : PUBLIC_CONFIG_URLS[config.TON_NETWORK]);
  if (source === undefined) {
    throw new Error(
      'TON_NETWORK=local needs LITESERVERS_CONFIG: the global config the local network writes ' +
        '(npm run localnet -- --config-out <file>)',
    );
  }
  return source;
}
