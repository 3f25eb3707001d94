import { NatsRpcModule } from '@app/nats';
import { ObservabilityModule } from '@app/observability';
import { Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { GatewayModule } from './gateway.module';
import { createGatewayApp } from './http/create-gateway-app';

export interface MeshGatewayOptions {
  readonly natsUrl: string;
  /** Test isolation on a shared NATS server. */
  readonly subjectPrefix?: string;
  readonly requestTimeoutMs: number;
  readonly logger: Logger;
}

/** The gateway alone, reaching the services over NATS (mesh mode), not yet listening. */
export async function createMeshGateway(
  options: MeshGatewayOptions,
): Promise<NestFastifyApplication> {
  @Module({
    imports: [
      ObservabilityModule.forRoot({ app: 'gateway', logger: options.logger }),
      NatsRpcModule.forRoot({
        natsUrl: options.natsUrl,
        defaultTimeoutMs: options.requestTimeoutMs,
        name: 'tonapi-gateway',
        ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
      }),
      GatewayModule,
    ],
  })
  class GatewayAppModule {}

  return createGatewayApp(GatewayAppModule, options.logger);
}
