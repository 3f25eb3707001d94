import { type ServiceName } from '@app/contracts';
import { loadConfig, meshServiceEnv } from '@app/config';
import {
  createLogger,
  NatsMetrics,
  ObservabilityModule,
  PinoNestLogger,
  type ReadinessCheck,
  runMain,
  startOpsServer,
} from '@app/observability';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { type DynamicModule, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { z } from 'zod';

import { NatsConnectionModule } from '../connection/nats-connection.module';
import { createNatsMicroserviceOptions, setupRpcMicroservice } from './microservice.options';
import { type RpcErrorTranslator } from './rpc-error.filter';

/**
 * A service's root module as a NATS microservice in the service's queue group, with the RPC error
 * filter and context interceptor installed (mesh mode). The caller listens.
 */
export async function createServiceMicroservice(
  service: ServiceName,
  rootModule: object,
  options: {
    natsUrl: string;
    subjectPrefix?: string;
    logger: Logger;
    /** Dependency errors the service answers with a code (e.g. PostgreSQL down → 503). */
    errorTranslators?: readonly RpcErrorTranslator[];
  },
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(rootModule, {
    ...createNatsMicroserviceOptions(
      service,
      options.natsUrl,
      options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix },
    ),
    logger: new PinoNestLogger(options.logger),
    // A module that cannot initialise (PostgreSQL unreachable, the schema behind, a full disk) is
    // thrown to the caller, so runMain prints its one fatal line on stderr and exits 1; by default
    // Nest would log it as an ordinary error and exit on its own.
    abortOnError: false,
  });
  setupRpcMicroservice(app, {
    logger: options.logger,
    metrics: app.get(NatsMetrics),
    ...(options.errorTranslators === undefined ? {} : { translators: options.errorTranslators }),
  });
  app.enableShutdownHooks();
  return app;
}

/** What a mesh service's main needs beyond its modules. */
export interface MeshServiceOptions {
  readonly service: ServiceName;
  /** The service's modules besides observability and its NATS connection (its own module, DatabaseModule…). */
  imports(env: {
    databaseUrl: string | undefined;
    natsUrl: string;
  }): DynamicImport[] | Promise<DynamicImport[]>;
  /** The service cannot run without PostgreSQL. */
  readonly requireDatabase?: boolean;
  /** Dependency errors its handlers answer with a code (e.g. PostgreSQL down → 503). */
  readonly errorTranslators?: readonly RpcErrorTranslator[];
  /** Readiness checks of `/readyz` on the ops port, given the started microservice. */
  checks?(app: INestMicroservice): ReadinessCheck[];
}

type DynamicImport = Type | DynamicModule;

const DEFAULT_OPS_PORT = 9464;

/**
 * The whole `main` of a service without the HTTP API in mesh mode: validated environment, logger,
 * the service's modules as a NATS microservice in its queue group, and `/metrics`, `/healthz`,
 * `/readyz` on METRICS_PORT (default 9464). Exits with the reason when it cannot start.
 */
export function runMeshService(options: MeshServiceOptions): void {
  const { service } = options;
  runMain(service, async () => {
    installNativeSha256();
    installFastBitOps();
    const config = loadConfig(z.object(meshServiceEnv));
    if (config.NATS_URL === undefined) {
      throw new Error(`NATS_URL is required when the ${service} runs alone (mesh mode)`);
    }
    if (options.requireDatabase === true && config.DATABASE_URL === undefined) {
      throw new Error(`DATABASE_URL is required when the ${service} runs alone (mesh mode)`);
    }
    const logger = createLogger({ app: service, level: config.LOG_LEVEL });
    const imports = await options.imports({
      databaseUrl: config.DATABASE_URL,
      natsUrl: config.NATS_URL,
    });

    @Module({
      imports: [
        ObservabilityModule.forRoot({ app: service, logger }),
        // The service's JetStream events, consumers and KV buckets share this one connection.
        NatsConnectionModule.forRoot({ natsUrl: config.NATS_URL, name: service }),
        ...imports,
      ],
    })
    class MeshServiceModule {}

    const app = await createServiceMicroservice(service, MeshServiceModule, {
      natsUrl: config.NATS_URL,
      logger,
      ...(options.errorTranslators === undefined
        ? {}
        : { errorTranslators: options.errorTranslators }),
    });
    await app.listen();
    const ops = await startOpsServer({
      port: config.METRICS_PORT ?? DEFAULT_OPS_PORT,
      registry: app.get(Registry),
      checks: options.checks?.(app) ?? [],
    });
    logger.info({ opsPort: ops.port }, `${service} service ready`);
  });
}
