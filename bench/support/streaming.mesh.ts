/**
 * The mesh measurement of the streaming benchmark: every app a process of its own, as a deployment
 * runs them (liteserver, ingestor, decoder, query with the stream publisher, gateway), over a private
 * NATS with JetStream, reading the chain child's liteservers through the global config it wrote. The
 * gateway may run as several replicas, each following the stream log on its own. The
 * stage times come from the apps' own NATS events (`block.indexed` at the ingestor's commit,
 * `txs.decoded` at the decoder's), timed where this process receives them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@app/contracts';
import { type PipelineStage } from '@app/nats';
import { findFreePort } from '@app/database';
import { createTestDatabase } from '@app/testing';
import { startPrivateNats } from './nats-server';
import { type Service, startService, waitHealthy } from './processes';
import { SUBSCRIBERS, waitIndexed } from './streaming.protocol';

/** The apps behind the edge, started in this order (the liteserver access first). */
const BACKEND_APPS = ['liteserver', 'ingestor', 'decoder', 'query'] as const;
type MeshApp = (typeof BACKEND_APPS)[number] | 'gateway';

/** The running mesh: its gateways' URLs and how to stop it all. */
export interface MeshService {
  readonly urls: readonly string[];
  stop(): Promise<void>;
}

/**
 * Starts the mesh over `globalConfig` (the chain child's liteservers) and resolves once it has indexed
 * and decoded up to `wallet`'s funding; `stageAt` receives each block's commit times from then on.
 */
export async function startMesh(
  globalConfig: string,
  wallet: string,
  stageAt: Record<PipelineStage, Map<number, number>>,
  gateways: number,
): Promise<MeshService> {
  const services: Service[] = [];
  let events: NatsConnection | undefined;
  const db = await createTestDatabase({ prefix: 'bench_stream_mesh' });
  const store = mkdtempSync(join(tmpdir(), 'stream-mesh-'));
  const stop = async (): Promise<void> => {
    await events?.close();
    for (const service of services.reverse()) {
      await service.stop();
    }
    await db.drop();
    rmSync(store, { recursive: true, force: true });
  };
  try {
    const nats = await startPrivateNats(join(store, 'js'));
    if (nats === undefined) {
      throw new Error('the mesh measurement needs a nats-server binary');
    }
    services.push(nats.service);
    events = await connect({ servers: nats.url, name: 'bench-stream-stages' });
    for (const [subject, stage] of [
      [Subjects.evt.blockIndexed, 'blockIndexed'],
      [Subjects.evt.txsDecoded, 'txsDecoded'],
    ] as const) {
      events.subscribe(subject, {
        callback: (_error, message) => {
          const { mc_seqno: seqno } = message.json<{ mc_seqno: number }>();
          stageAt[stage].set(seqno, Date.now());
        },
      });
    }
    const gatewayPorts: number[] = [];
    const apps: MeshApp[] = [...BACKEND_APPS, ...Array<MeshApp>(gateways).fill('gateway')];
    for (const app of apps) {
      const metricsPort = await findFreePort();
      const gatewayPort = await findFreePort();
      if (app === 'gateway') {
        gatewayPorts.push(gatewayPort);
      }
      services.push(
        await startService(
          app,
          `apps/${app}/src/main.js`,
          [],
          {
            NATS_URL: nats.url,
            DATABASE_URL: db.url,
            TON_NETWORK: 'local',
            LITESERVERS_CONFIG: globalConfig,
            LOG_LEVEL: 'warn',
            PORT: String(gatewayPort),
            METRICS_PORT: String(metricsPort),
            INGEST_START_SEQNO: '1',
            // As the single process's options: every subscriber connects from 127.0.0.1 without a
            // key, and the path is measured, not the shedding of a host other work starves.
            RATE_LIMIT_ANONYMOUS_RPS: '1000000',
            STREAMING_ANON_CONNECTIONS: String(SUBSCRIBERS + 10),
            STREAMING_ANON_ADDRESSES: String(SUBSCRIBERS * 2),
            SHED_EVENT_LOOP_DELAY_MS: '0',
          },
          /.*/,
        ),
      );
      await waitHealthy(
        `http://127.0.0.1:${String(app === 'gateway' ? gatewayPort : metricsPort)}/healthz`,
      );
    }
    const urls = gatewayPorts.map((port) => `http://127.0.0.1:${String(port)}`);
    await waitIndexed(urls[0] ?? '', wallet);
    return { urls, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
