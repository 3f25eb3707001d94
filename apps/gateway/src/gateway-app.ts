import { NatsConnectionModule, NatsRpcModule, StreamLogModule } from '@app/nats';
import { ObservabilityModule } from '@app/observability';
import { Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { type EdgeAccessOptions } from './edge/auth/edge-access.options';
import { type EdgeProtectionOptions } from './edge/protection/protection.options';
import { GatewayModule } from './gateway.module';
import { createGatewayApp } from './http/create-gateway-app';
import { type StreamingOptions } from './streaming/streaming.options';

export interface MeshGatewayOptions {
  readonly natsUrl: string;
  /** Test isolation on a shared NATS server. */
  readonly subjectPrefix?: string;
  readonly requestTimeoutMs: number;
  /** REPLY_CHECK_CPU_PERCENT; absent → DEFAULT_REPLY_CHECK_CPU_PERCENT. */
  readonly replyCheckCpuPercent?: number;
  readonly logger: Logger;
  /** API keys and rate limits; absent → every caller anonymous and unlimited. */
  readonly edge?: EdgeAccessOptions;
  /** Body, query and time limits, CORS, shedding; absent → DEFAULT_PROTECTION. */
  readonly protection?: EdgeProtectionOptions;
  /** The Streaming API's replay window and JetStream byte budget (defaults: 1 hour, unlimited). */
  readonly stream?: { readonly retentionMs: number; readonly maxBytes?: number | undefined };
  /** Streaming API buffers and anonymous limits; absent → DEFAULT_STREAMING. */
  readonly streaming?: StreamingOptions;
  /** The lean v2 route ahead of Fastify (default on). */
  readonly leanV2Route?: boolean;
}

/** STREAM_RETENTION_SECONDS's default, for callers without a config (tests). */
export const DEFAULT_STREAM_RETENTION_MS = 3_600_000;

/** The gateway alone, reaching the services over NATS (mesh mode), not yet listening. */
export async function createMeshGateway(
  options: MeshGatewayOptions,
): Promise<NestFastifyApplication> {
  @Module({
    imports: [
      // The process's one connection: requests to the services, the stream log's followers and the
      // keys CLI's change broadcasts (edge/auth/api-keys-changed.ts). Imported first: it drains last.
      NatsConnectionModule.forRoot({ natsUrl: options.natsUrl, name: 'tonapi-gateway' }),
      ObservabilityModule.forRoot({ app: 'gateway', logger: options.logger }),
      NatsRpcModule.forRoot({
        defaultTimeoutMs: options.requestTimeoutMs,
        ...(options.replyCheckCpuPercent === undefined
          ? {}
          : { replyCheckCpuPercent: options.replyCheckCpuPercent }),
        ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
      }),
      StreamLogModule.forRoot({
        subjectPrefix: options.subjectPrefix,
        retentionMs: options.stream?.retentionMs ?? DEFAULT_STREAM_RETENTION_MS,
        maxBytes: options.stream?.maxBytes,
      }),
      GatewayModule,
    ],
  })
  class GatewayAppModule {}

  return createGatewayApp(GatewayAppModule, options.logger, {
    edge: options.edge,
    protection: options.protection,
    streaming: options.streaming,
    leanV2Route: options.leanV2Route,
  });
}
