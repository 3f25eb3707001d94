import { QueueGroups, type ServiceName } from '@app/contracts';
import { type NatsMetrics } from '@app/observability';
import { type INestMicroservice } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type CustomStrategy } from '@nestjs/microservices';
import { type Logger } from 'pino';

import { defaultInProcessBus, type InProcessBus } from '../in-process/in-process-bus';
import { InProcessServer } from '../in-process/in-process.server';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcErrorFilter, type RpcErrorTranslator } from './rpc-error.filter';
import { TonNatsServer } from './ton-nats.server';

export interface RpcMicroserviceOptions {
  /** Test isolation on a shared NATS server; must match the clients' `subjectPrefix`. */
  subjectPrefix?: string;
  /** In-process bus (defaults to the process-wide one). */
  bus?: InProcessBus;
}

/**
 * The microservice options of `service` on NATS, subscribed on the process's connection
 * (NATS_CONNECTION, asked for when the server starts listening) in the service's queue group, so
 * replicas share requests.
 */
export function createNatsMicroserviceOptions(
  service: ServiceName,
  connection: () => NatsConnection,
  options: RpcMicroserviceOptions = {},
): CustomStrategy {
  return {
    strategy: new TonNatsServer({
      connection,
      queue: QueueGroups[service],
      ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
    }),
  };
}

/** Single-process mode without NATS: the same handlers served from the in-process bus. */
export function createInProcessMicroserviceOptions(
  service: ServiceName,
  options: RpcMicroserviceOptions = {},
): CustomStrategy {
  return {
    strategy: new InProcessServer({
      bus: options.bus ?? defaultInProcessBus,
      queue: QueueGroups[service],
      ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
    }),
  };
}

/**
 * On the process's NATS connection when it has one, else the in-process transport
 * (docs/architecture.md).
 */
export function createRpcMicroserviceOptions(
  service: ServiceName,
  connection: NatsConnection | undefined,
  options: RpcMicroserviceOptions = {},
): CustomStrategy {
  return connection === undefined
    ? createInProcessMicroserviceOptions(service, options)
    : createNatsMicroserviceOptions(service, () => connection, options);
}

/**
 * Registers the error filter and the context interceptor on a microservice. Call it on the
 * INestMicroservice returned by `connectMicroservice` (without `inheritAppConfig`, so HTTP filters
 * of the gateway never touch RPC handlers) or by `NestFactory.createMicroservice`.
 */
export function setupRpcMicroservice(
  microservice: INestMicroservice,
  deps: { logger: Logger; metrics?: NatsMetrics; translators?: readonly RpcErrorTranslator[] },
): INestMicroservice {
  microservice.useGlobalFilters(new RpcErrorFilter(deps.logger, deps.translators));
  microservice.useGlobalInterceptors(new RpcContextInterceptor(deps.metrics));
  return microservice;
}
