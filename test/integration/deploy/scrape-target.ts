/**
 * Run as a script by metrics-scrape.int-spec: the whole service in one process (single-process mode)
 * over a fresh localnet and the database given in argv[2], with the live ingestor, the decoder and
 * its metadata fetcher on.
 * Prints `ready <url>` once listening, then serves until killed (the test ends it by its pid, so a
 * process that lingers after closing cannot hold the test file open).
 */
import { loadConfig, metadataFetchEnv } from '@app/config';
import { createLogger } from '@app/observability';
import { z } from 'zod';
import { metadataFetchFromEnv } from '@app/decoder';
import { startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';

async function main(databaseUrl: string): Promise<void> {
  const localnet = await startLocalnet({ seed: 'genesis', mode: 'manual' });
  const app = await createStandaloneApp({
    natsRequestTimeoutMs: 10_000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 3000,
    databaseUrl,
    ingest: { follow: true, window: 2, readyLag: 30 },
    // As `npm start` runs it (defaults): the genesis seed's off-chain URIs are `.invalid` hosts, so
    // the fetcher makes no request that leaves the machine.
    metadata: metadataFetchFromEnv(loadConfig(z.object(metadataFetchEnv), {})),
    logger: createLogger({ app: 'scrape-target', level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`ready ${await app.getUrl()}\n`);
}

const [, , databaseUrl] = process.argv;
if (databaseUrl === undefined) {
  process.stderr.write('usage: scrape-target.js <database url>\n');
  process.exit(2);
}
main(databaseUrl).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
