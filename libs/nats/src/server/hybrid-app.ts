import { type INestApplication, type INestMicroservice } from '@nestjs/common';
import { NestMicroservice } from '@nestjs/microservices';

/**
 * Initialises an HTTP application and starts the RPC microservice connected to it, running the
 * lifecycle hooks of their shared container once. The microservice is connected with
 * `deferInitialization` so that its handlers are bound after `setupRpcMicroservice` registered the
 * RPC filter and interceptor; such a microservice would run every init and bootstrap hook a second
 * time when it starts, unless told they ran — which is what Nest's `connectMicroservice` does for a
 * microservice it initialises at once (`NestMicroservice.setIsInitHookCalled`,
 * https://github.com/nestjs/nest/blob/master/packages/core/nest-application.ts).
 */
export async function startHybridApplication(
  app: INestApplication,
  rpc: INestMicroservice,
): Promise<void> {
  if (!(rpc instanceof NestMicroservice)) {
    throw new Error('startHybridApplication: the RPC server is not a connected NestMicroservice');
  }
  await app.init();
  rpc.setIsInitHookCalled(true);
  await app.startAllMicroservices();
}
