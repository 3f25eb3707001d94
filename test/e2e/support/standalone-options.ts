import { createLogger } from '@app/observability';
import { type Localnet } from '@app/localnet';
import { type createStandaloneApp } from '@app/standalone';
import { DEFAULT_PROTECTION, type EdgeProtectionOptions } from '@app/gateway';

export type StandaloneOptions = Parameters<typeof createStandaloneApp>[0];

/**
 * The edge as `npm start` sets it, without shedding: the local network (its validators sealing, its
 * liteservers answering) runs in the test's own process and shares the gateway's event loop, so a
 * seal that holds the loop for a second on a loaded machine would read as an overloaded gateway and
 * turn the next request into a 503. Shedding itself is tested apart (edge-protection.e2e-spec.ts).
 */
export const SHARED_LOOP_PROTECTION: EdgeProtectionOptions = {
  ...DEFAULT_PROTECTION,
  shedEventLoopDelayMs: 0,
};

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
    protection: SHARED_LOOP_PROTECTION,
    logger: createLogger({ app: 'test', level: 'silent' }),
  };
}
