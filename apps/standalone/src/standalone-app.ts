import { type TonNetwork } from '@app/config';
import { DataSource, DatabaseModule, databaseUnavailableError, pingDatabase } from '@app/database';
import {
  NatsConnectionModule,
  NatsRpcModule,
  PipelineSignalsModule,
  StreamLogModule,
  createRpcMicroserviceOptions,
  natsConnectionOf,
  setupRpcMicroservice,
  startHybridApplication,
} from '@app/nats';
import { NatsMetrics, ObservabilityModule, TonHealthIndicators } from '@app/observability';
import { type LiteserverTrust } from '@app/liteclient';
import { type LiteserverEndpoint } from '@app/ton';
import { Global, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { DecoderModule, type MetadataFetchOptions } from '@app/decoder';
import {
  createGatewayApp,
  DEFAULT_STREAM_RETENTION_MS,
  type EdgeAccessOptions,
  type EdgeProtectionOptions,
  EXTRA_READINESS_CHECKS,
  GatewayModule,
  type StreamingOptions,
} from '@app/gateway';
import { IngestorModule, IngestorService } from '@app/ingestor';
import { LiteserverModule } from '@app/liteserver';
import { QueryModule } from '@app/query';
import { DEFAULT_SENDER_SETTINGS, SenderModule, type SenderOptions } from '@app/sender';

export interface StandaloneAppOptions {
  /** NATS when set; the in-process transport otherwise. */
  readonly natsUrl?: string | undefined;
  readonly subjectPrefix?: string;
  readonly natsRequestTimeoutMs: number;
  /** REPLY_CHECK_CPU_PERCENT; absent → DEFAULT_REPLY_CHECK_CPU_PERCENT. */
  readonly replyCheckCpuPercent?: number;
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs: number;
  /** What every pool (v2, ingestor, decoder, sender) proves answers from; absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  /** The chain served (TON_NETWORK), for the decoder's DNS collections; default `local`. */
  readonly network?: TonNetwork;
  /** PostgreSQL of the database apps; readiness checks it. Without it the indexing apps stay idle. */
  readonly databaseUrl?: string;
  /** Streaming replicas of databaseUrl for the v3 reads (DATABASE_READ_URLS); none → the primary. */
  readonly databaseRead?: { readonly urls: readonly string[]; readonly maxLagBytes: number };
  /** The live ingestor (needs databaseUrl); off unless given. */
  readonly ingest?: {
    readonly follow: boolean;
    readonly startSeqno?: number | undefined;
    readonly window: number;
    readonly parseThreads?: number;
    readonly readyLag: number;
  };
  /** The decoder (needs databaseUrl); on unless false (tests that decode beforehand turn it off). */
  readonly decode?: boolean;
  /**
   * The decoder's and the stream publisher's safety-net polls (defaults 2 s and 1 s): the ingestor
   * wakes the decoder, which wakes the publisher. Tests set it beyond their waits to show that the
   * wake-ups alone carry every block.
   */
  readonly pipelinePollMs?: number;
  /** The decoder's off-chain metadata fetcher; not run unless given (`npm start` gives it from env). */
  readonly metadata?: MetadataFetchOptions | undefined;
  /** SEND_* settings of the sender (defaults: DEFAULT_SENDER_SETTINGS). */
  readonly sender?: Partial<Pick<SenderOptions, 'fanout' | 'dedupeTtlMs' | 'landingTimeoutMs'>>;
  readonly logger: Logger;
  /** Let Nest close the app on SIGTERM (false when the caller handles signals). */
  readonly shutdownHooks?: boolean;
  /** API keys and rate limits of the gateway; absent → every caller anonymous and unlimited. */
  readonly edge?: EdgeAccessOptions;
  /** Body, query and time limits, CORS, shedding of the gateway; absent → DEFAULT_PROTECTION. */
  readonly protection?: EdgeProtectionOptions;
  /** The Streaming API's replay window and JetStream byte budget (defaults: 1 hour, unlimited). */
  readonly stream?: { readonly retentionMs: number; readonly maxBytes?: number | undefined };
  /** Streaming API buffers and anonymous limits of the gateway; absent → DEFAULT_STREAMING. */
  readonly streaming?: StreamingOptions;
  /** Bytes of rendered v3 transactions the query side keeps (QUERY_RENDER_CACHE_MB). */
  readonly renderCacheBytes?: number;
}

/**
 * Every app's module in one process (docs/architecture.md): the composition root, the one place
 * where apps are imported together. Requests between them go through the same subjects as in the
 * mesh, over NATS or the in-process bus.
 */
export async function createStandaloneApp(
  options: StandaloneAppOptions,
): Promise<NestFastifyApplication> {
  const trust = options.trust === undefined ? {} : { trust: options.trust };
  const database =
    options.databaseUrl === undefined
      ? []
      : [
          DatabaseModule.forRoot({
            url: options.databaseUrl,
            applicationName: 'ton-access',
            ...(options.databaseRead === undefined ? {} : { read: options.databaseRead }),
          }),
        ];
  const readiness =
    options.databaseUrl === undefined
      ? []
      : [
          {
            provide: EXTRA_READINESS_CHECKS,
            inject: [TonHealthIndicators, DataSource, ModuleRef],
            useFactory: (
              indicators: TonHealthIndicators,
              dataSource: DataSource,
              moduleRef: ModuleRef,
            ) => [
              () => indicators.postgres('postgres', () => pingDatabase(dataSource)),
              // The follower stopped on another chain than the index holds: the v3 answers are of
              // the old chain. (The indicator is a plain attempt; "postgres" only names its shape.)
              ...(options.ingest === undefined
                ? []
                : [
                    () =>
                      indicators.postgres('ingest-chain', () =>
                        moduleRef.get(IngestorService, { strict: false }).chainReadiness(),
                      ),
                  ]),
            ],
          },
        ];

  @Module({
    imports: [
      // With NATS: the process's one connection, for the RPC client and server, the stream log and
      // the services' JetStream events, consumers and KV buckets. Imported first: it drains last.
      NatsConnectionModule.forRoot({ natsUrl: options.natsUrl, name: 'ton-access' }),
      ObservabilityModule.forRoot({ app: 'standalone', logger: options.logger }),
      NatsRpcModule.forRoot({
        ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
        defaultTimeoutMs: options.natsRequestTimeoutMs,
        ...(options.replyCheckCpuPercent === undefined
          ? {}
          : { replyCheckCpuPercent: options.replyCheckCpuPercent }),
      }),
      ...database,
      // The ingestor, decoder and stream publisher wake each other in process (with NATS as well:
      // a call is faster than a JetStream round trip), instead of each polling the one before it.
      PipelineSignalsModule.forRoot(),
      // One log for the producers (query, sender) and the gateway: JetStream with NATS, else memory.
      StreamLogModule.forRoot({
        subjectPrefix: options.subjectPrefix,
        retentionMs: options.stream?.retentionMs ?? DEFAULT_STREAM_RETENTION_MS,
        maxBytes: options.stream?.maxBytes,
      }),
      LiteserverModule.forRoot({
        endpoints: options.endpoints,
        timeoutMs: options.liteserverTimeoutMs,
        ...trust,
      }),
      options.databaseUrl === undefined || options.ingest === undefined
        ? IngestorModule.disabled()
        : IngestorModule.forRoot({
            endpoints: options.endpoints,
            liteserverTimeoutMs: options.liteserverTimeoutMs,
            ...trust,
            ...options.ingest,
          }),
      options.databaseUrl === undefined || options.decode === false
        ? DecoderModule.disabled()
        : DecoderModule.forRoot({
            readyBacklog: 30,
            endpoints: options.endpoints,
            liteserverTimeoutMs: options.liteserverTimeoutMs,
            ...trust,
            network: options.network,
            metadata: options.metadata,
            ...(options.pipelinePollMs === undefined ? {} : { pollMs: options.pipelinePollMs }),
          }),
      options.databaseUrl === undefined
        ? QueryModule.disabled()
        : QueryModule.forRoot({
            stream: options.pipelinePollMs === undefined ? {} : { pollMs: options.pipelinePollMs },
            ...(options.renderCacheBytes === undefined
              ? {}
              : { renderCacheBytes: options.renderCacheBytes }),
          }),
      SenderModule.forRoot({
        endpoints: options.endpoints,
        liteserverTimeoutMs: options.liteserverTimeoutMs,
        ...trust,
        ...DEFAULT_SENDER_SETTINGS,
        ...options.sender,
        database: options.databaseUrl !== undefined,
      }),
    ],
  })
  class StandaloneServicesModule {}

  // Global so that the gateway's HealthController sees the extra checks.
  @Global()
  @Module({ providers: readiness, exports: readiness.length > 0 ? [EXTRA_READINESS_CHECKS] : [] })
  class StandaloneReadinessModule {}

  @Module({ imports: [StandaloneServicesModule, StandaloneReadinessModule, GatewayModule] })
  class StandaloneModule {}

  const app = await createGatewayApp(StandaloneModule, options.logger, {
    shutdownHooks: options.shutdownHooks ?? true,
    edge: options.edge,
    protection: options.protection,
    streaming: options.streaming,
  });
  // One RPC server carries every service's handlers; each handler keeps its own queue group.
  const rpc = app.connectMicroservice(
    createRpcMicroserviceOptions(
      'liteserver',
      natsConnectionOf(app),
      options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix },
    ),
    // Listeners are bound at start, after the RPC filter and interceptor are registered.
    { deferInitialization: true },
  );
  setupRpcMicroservice(rpc, {
    logger: options.logger,
    metrics: app.get(NatsMetrics),
    // PostgreSQL down: 503 for v3 callers, not an internal error.
    translators: [databaseUnavailableError],
  });
  // The services start here, once: their hooks run before the RPC server takes requests.
  await startHybridApplication(app, rpc);
  return app;
}
