import { createLogger } from '@app/observability';
import { type Localnet } from '@app/localnet';
import { type createStandaloneApp } from '@app/standalone';

export type StandaloneOptions = Parameters<typeof createStandaloneApp>[0];

/**
 * The single-process service as the harnesses start it over a local network and a database that is
 * already indexed (or stays empty): the localnet's liteservers, no ingestor following and no decoder
 * in the process, a silent logger.
 */
export function servingOptions(localnet: Localnet, databaseUrl: string): StandaloneOptions {
  return {
    natsRequestTimeoutMs: 10_000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 3000,
    databaseUrl,
    decode: false,
    logger: createLogger({ app: 'test', level: 'silent' }),
  };
}
