import { type LiteserverEndpoint } from '@app/ton';
import { type DynamicModule, Module } from '@nestjs/common';
import {
  LITESERVER_ENDPOINTS,
  LITESERVER_POOL_OPTIONS,
  type LiteserverPoolOptions,
  LiteserverPoolService,
  type LiteserverTrust,
} from '@app/liteclient';
import { AccountController } from './v2/account.controller';
import { PoolStatusController } from './v2/pool-status.controller';
import { AccountsController } from './v2/accounts/accounts.controller';
import { BlocksController } from './v2/blocks/blocks.controller';
import { MethodsController } from './v2/methods/methods.controller';
import { TransactionsController } from './v2/transactions/transactions.controller';
import { V2_READER_PROVIDERS } from './v2/v2-readers.providers';

export interface LiteserverModuleOptions {
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly timeoutMs: number;
  /** The anchor and zero state every answer is proven from (resolveLiteservers); absent: none. */
  readonly trust?: LiteserverTrust;
}

/**
 * The liteserver service: the lite-client pool and the `ton.ls.v1.*` handlers. Needs the global
 * ObservabilityModule (metrics, logger); served over NATS or the in-process bus by whoever boots it.
 */
@Module({})
export class LiteserverModule {
  static forRoot(options: LiteserverModuleOptions): DynamicModule {
    const poolOptions: LiteserverPoolOptions = {
      timeoutMs: options.timeoutMs,
      // Two liteservers at most per request keeps the worst case under the NATS request deadline.
      attempts: 2,
      probeIntervalMs: 1000,
      // A liteserver more than three blocks (1.2 s at 400 ms) behind the consensus serves no head
      // read: with 1 s probes an up-to-date one is often two behind the best (toncenter 2.1's rule).
      maxLagBlocks: 3,
      ...options.trust,
    };
    return {
      module: LiteserverModule,
      controllers: [
        AccountController,
        PoolStatusController,
        AccountsController,
        BlocksController,
        TransactionsController,
        MethodsController,
      ],
      providers: [
        { provide: LITESERVER_ENDPOINTS, useValue: [...options.endpoints] },
        { provide: LITESERVER_POOL_OPTIONS, useValue: poolOptions },
        LiteserverPoolService,
        ...V2_READER_PROVIDERS,
      ],
      exports: [LiteserverPoolService],
    };
  }
}
