/**
 * The two child processes of the streaming benchmark (bench/streaming.ts), forked by
 * streaming.measure.ts with `--chain` or `--serve`: the localnet that seals the traffic, and the whole
 * service in one process reading it through the localnet's liteservers.
 */
import { PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl } from '@app/testing';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { DEFAULT_PROTECTION, DEFAULT_STREAMING } from '@app/gateway';
import { startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { WalletTraffic } from '../../test/integration/support/ingest-traffic';
import {
  BLOCK_INTERVAL_MS,
  type ChildMessage,
  sleep,
  SUBSCRIBERS,
  waitIndexed,
  WALLETS,
} from './streaming.protocol';

/** The chain's child: the localnet and its wallets; seals on request and tells when each block was. */
async function runChain(): Promise<void> {
  const send = (message: ChildMessage): void => {
    process.send?.(message);
  };
  // The mesh's apps read the liteservers through a global config file, as a deployment does.
  const configOut = process.env.BENCH_STREAM_CONFIG_OUT;
  const localnet = await startLocalnet({
    seed: 'genesis',
    mode: 'manual',
    ...(configOut === undefined || configOut === '' ? {} : { configOut }),
  });
  localnet.chain.onBlock((block) => {
    if (block.id.workchain === -1) {
      send({ kind: 'sealed', seqno: block.id.seqno, at: Date.now() });
    }
  });
  const traffic = await WalletTraffic.fund(localnet, WALLETS, 'stream-bench');
  await traffic.round();
  // A round: the transfers, then blocks one interval apart until every message has landed.
  const round = async (): Promise<void> => {
    await traffic.send();
    for (let blocks = 0; localnet.chain.pending > 0 && blocks < 64; blocks += 1) {
      if (blocks > 0) {
        await sleep(BLOCK_INTERVAL_MS);
      }
      await localnet.chain.seal();
    }
  };
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'round') {
      void round().then(() => {
        send({ kind: 'roundDone' });
      });
    }
  });
  process.once('SIGTERM', () => {
    void localnet.stop().then(() => process.exit(0));
  });
  const liteservers = localnet.liteservers.map(({ endpoint }) => ({
    host: endpoint.host,
    port: endpoint.port,
    publicKey: endpoint.publicKey.toString('base64'),
  }));
  send({
    kind: 'chainReady',
    liteservers: JSON.stringify(liteservers),
    wallets: traffic.addresses,
  });
}

/** The service's child: the whole service in one process over the chain's liteservers. */
async function serve(): Promise<void> {
  const send = (message: ChildMessage): void => {
    process.send?.(message);
  };
  const endpoints = (
    JSON.parse(process.env.BENCH_STREAM_LITESERVERS ?? '[]') as {
      host: string;
      port: number;
      publicKey: string;
    }[]
  ).map((e) => ({ host: e.host, port: e.port, publicKey: Buffer.from(e.publicKey, 'base64') }));
  const db = await createTestDatabase({ prefix: 'bench_stream' });
  const app = await createStandaloneApp({
    ...(process.env.BENCH_STREAM_NATS === '1'
      ? { natsUrl: natsUrl(), subjectPrefix: `bench-${String(process.pid)}` }
      : {}),
    natsRequestTimeoutMs: 10_000,
    endpoints,
    liteserverTimeoutMs: 3000,
    databaseUrl: db.url,
    ingest: { follow: true, startSeqno: 1, window: 8, readyLag: 30 },
    // The path is measured, not the shedding of a host other work starves (a shared machine's event
    // loop lags by seconds at times, and SSE subscriptions would be refused with 503).
    protection: { ...DEFAULT_PROTECTION, shedEventLoopDelayMs: 0 },
    // Every subscriber connects from 127.0.0.1 without a key.
    streaming: {
      ...DEFAULT_STREAMING,
      anonymousConnections: SUBSCRIBERS + 10,
      anonymousAddresses: SUBSCRIBERS * 2,
    },
    logger: createLogger({ app: 'bench', level: 'warn' }),
  });
  const signals = app.get<PipelineSignals>(PIPELINE_SIGNALS);
  for (const stage of ['blockIndexed', 'txsDecoded', 'streamPublished'] as const) {
    signals.on(stage, (seqno) => {
      send({ kind: 'stage', stage, seqno, at: Date.now() });
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = await app.getUrl();
  // Indexed and decoded up to the funding: the stream publisher starts from there.
  await waitIndexed(url, process.env.BENCH_STREAM_FIRST_WALLET ?? '');
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await db.drop();
      process.exit(0);
    })();
  });
  send({ kind: 'ready', url });
}

if (process.argv.includes('--chain') || process.argv.includes('--serve')) {
  // The children run the localnet or the services: installed at their start as theirs are.
  installNativeSha256();
  installFastBitOps();
}
if (process.argv.includes('--chain')) {
  runChain().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
} else if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
