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
import {
  type DynamicModule,
  type INestMicroservice,
  type LoggerService,
  Module,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { z } from 'zod';

import { NatsConnectionModule, natsConnectionOf } from '../connection/nats-connection.module';
import { createNatsMicroserviceOptions, setupRpcMicroservice } from './microservice.options';
import { type RpcErrorTranslator } from './rpc-error.filter';

/**
 * `rootModule` as a NATS microservice of `service`, subscribed in the service's queue group on the
 * process's one connection, which the NatsConnectionModule imported here opens (ahead of the
 * root's modules, so it drains after them). Not yet listening.
 */
export async function createNatsMicroservice(
  service: ServiceName,
  rootModule: Type | DynamicModule,
  options: {
    natsUrl: string;
    subjectPrefix?: string;
    /** Nest's own log lines (false: none). */
    logger: LoggerService | false;
    /** Throw a module's initialisation error to the caller instead of letting Nest exit. */
    abortOnError?: boolean;
  },
): Promise<INestMicroservice> {
  @Module({
    imports: [
      NatsConnectionModule.forRoot({ natsUrl: options.natsUrl, name: `tonapi-${service}` }),
      rootModule,
    ],
  })
  class NatsServiceProcessModule {}

  // The server subscribes when it starts listening, after the connection was opened with the app.
  const app: INestMicroservice = await NestFactory.createMicroservice(NatsServiceProcessModule, {
    ...createNatsMicroserviceOptions(
      service,
      () => {
        const nats = natsConnectionOf(app);
        if (nats === undefined) {
          throw new Error(`the ${service} microservice has no NATS connection`);
        }
        return nats;
      },
      options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix },
    ),
    logger: options.logger,
    ...(options.abortOnError === undefined ? {} : { abortOnError: options.abortOnError }),
  });
  return app;
}

/**
 * A service's root module as a NATS microservice in the service's queue group, with the RPC error
 * filter and context interceptor installed (mesh mode). The caller listens.
 */
export async function createServiceMicroservice(
  service: ServiceName,
  rootModule: Type | DynamicModule,
  options: {
    natsUrl: string;
    subjectPrefix?: string;
    logger: Logger;
    /** Dependency errors the service answers with a code (e.g. PostgreSQL down → 503). */
    errorTranslators?: readonly RpcErrorTranslator[];
  },
): Promise<INestMicroservice> {
  const app = await createNatsMicroservice(service, rootModule, {
    natsUrl: options.natsUrl,
    ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
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
  /**
   * The service's modules besides observability and its NATS connection (its own module,
   * DatabaseModule…); what needs NATS injects the connection (NATS_CONNECTION).
   */
  imports(env: { databaseUrl: string | undefined }): DynamicImport[] | Promise<DynamicImport[]>;
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
    const imports = await options.imports({ databaseUrl: config.DATABASE_URL });

    @Module({
      imports: [ObservabilityModule.forRoot({ app: service, logger }), ...imports],
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
