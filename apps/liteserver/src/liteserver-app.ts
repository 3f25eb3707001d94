import { type LiteserverTrust } from '@app/liteclient';
import { createServiceMicroservice } from '@app/nats';
import { ObservabilityModule } from '@app/observability';
import { type LiteserverEndpoint } from '@app/ton';
import { type INestMicroservice, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { LiteserverModule } from './liteserver.module';

export interface LiteserverAppOptions {
  readonly natsUrl: string;
  /** Test isolation on a shared NATS server. */
  readonly subjectPrefix?: string;
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly timeoutMs: number;
  /** The anchor the pool proves answers from (resolveLiteservers); absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  readonly logger: Logger;
}

/** The liteserver service as a NATS microservice in its queue group (mesh mode), not yet listening. */
export async function createLiteserverApp(
  options: LiteserverAppOptions,
): Promise<INestMicroservice> {
  @Module({
    imports: [
      ObservabilityModule.forRoot({ app: 'liteserver', logger: options.logger }),
      LiteserverModule.forRoot({
        endpoints: options.endpoints,
        timeoutMs: options.timeoutMs,
        ...(options.trust === undefined ? {} : { trust: options.trust }),
      }),
    ],
  })
  class LiteserverAppModule {}

  return createServiceMicroservice('liteserver', LiteserverAppModule, {
    natsUrl: options.natsUrl,
    logger: options.logger,
    ...(options.subjectPrefix === undefined ? {} : { subjectPrefix: options.subjectPrefix }),
  });
}
