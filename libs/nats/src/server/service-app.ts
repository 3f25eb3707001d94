import { type ServiceName } from '@app/contracts';
import { NatsMetrics, PinoNestLogger } from '@app/observability';
import { type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Logger } from 'pino';

import { createNatsMicroserviceOptions, setupRpcMicroservice } from './microservice.options';

/**
 * A service's root module as a NATS microservice in the service's queue group, with the RPC error
 * filter and context interceptor installed (mesh mode). The caller listens.
 */
export async function createServiceMicroservice(
  service: ServiceName,
  rootModule: object,
  options: { natsUrl: string; subjectPrefix?: string; logger: Logger },
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(rootModule, {
    ...createNatsMicroserviceOptions(
      service,
      options.natsUrl,
      options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix },
    ),
    logger: new PinoNestLogger(options.logger),
  });
  setupRpcMicroservice(app, { logger: options.logger, metrics: app.get(NatsMetrics) });
  app.enableShutdownHooks();
  return app;
}
