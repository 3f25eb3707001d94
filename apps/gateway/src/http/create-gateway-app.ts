import { PinoNestLogger } from '@app/observability';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { GatewayExceptionFilter } from './gateway-exception.filter';
import { gatewayFastifyOptions, installHttpHooks } from './http-hooks';

/**
 * The gateway's HTTP application on Fastify for a root module that includes GatewayModule (the mesh
 * gateway's or the single-process launcher's).
 */
export async function createGatewayApp(
  rootModule: object,
  logger: Logger,
  options: { shutdownHooks?: boolean } = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule,
    new FastifyAdapter(gatewayFastifyOptions()),
    { logger: new PinoNestLogger(logger) },
  );
  installHttpHooks(app);
  app.useGlobalFilters(new GatewayExceptionFilter());
  // The single-process launcher stops the localnet and PostgreSQL after the app, so it handles
  // signals itself; everywhere else Nest's hooks close the app on SIGTERM.
  if (options.shutdownHooks ?? true) {
    app.enableShutdownHooks();
  }
  return app;
}
