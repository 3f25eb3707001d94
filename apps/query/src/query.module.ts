import {
  AccountQueryRepository,
  ActionQueryRepository,
  AddressBookQueryRepository,
  BalanceChangesQueryRepository,
  BlockQueryRepository,
  MessageQueryRepository,
  ReadRouter,
  TokenQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { AccountsController } from './accounts/accounts.controller';
import { ActionsController } from './actions/actions.controller';
import { AddressBookBuilder } from './address-book/address-book.builder';
import { AddressBookCache } from './address-book/address-book.cache';
import { BalanceChangesController } from './balance-changes/balance-changes.controller';
import { BlocksController } from './blocks/blocks.controller';
import { DecodeController } from './decode/decode.controller';
import { MetadataBuilder } from './metadata/metadata.builder';
import { ActionRenderer } from './render-cache/action-renderer';
import { RenderedActions } from './render-cache/rendered-actions';
import { RenderedTransactions } from './render-cache/rendered-transactions';
import { TransactionRenderer } from './render-cache/transaction-renderer';
import { StreamPublisherService } from './streaming/stream-publisher.service';
import {
  STREAM_PUBLISHER_OPTIONS,
  type StreamPublisherModuleOptions,
} from './streaming/stream-publisher.options';
import { TokensController } from './tokens/tokens.controller';
import { TracesController } from './traces/traces.controller';
import { TransactionsController } from './transactions/transactions.controller';

/** QUERY_RENDER_CACHE_MB's default (libs/config queryEnv). */
const DEFAULT_RENDER_CACHE_BYTES = 32 << 20;

const REPOSITORIES = [
  BlockQueryRepository,
  TransactionQueryRepository,
  MessageQueryRepository,
  TraceQueryRepository,
  ActionQueryRepository,
  AddressBookQueryRepository,
  TokenQueryRepository,
  AccountQueryRepository,
  BalanceChangesQueryRepository,
];

/**
 * The query service: answers `ton.query.v1.*` (the v3 API) from PostgreSQL through the repositories
 * of libs/database, and publishes decoded blocks to the Streaming API's log (apps/query/src/streaming;
 * one active publisher across replicas, when the process has a StreamLog). Needs the global
 * DatabaseModule; the v3 handlers read through its ReadRouter (read replicas when configured).
 */
@Module({})
export class QueryModule {
  /**
   * With the process's NATS connection, `txs.decoded` wakes the stream publisher (else it polls
   * every 150 ms); `renderCacheBytes`: the budget of the rendered transactions and actions (QUERY_RENDER_CACHE_MB).
   */
  static forRoot(
    options: { stream?: StreamPublisherModuleOptions; renderCacheBytes?: number } = {},
  ): DynamicModule {
    return {
      module: QueryModule,
      controllers: [
        BlocksController,
        TransactionsController,
        TracesController,
        ActionsController,
        TokensController,
        AccountsController,
        DecodeController,
        BalanceChangesController,
      ],
      providers: [
        // On the router's DataSource: the server of the request's read scope (ReadScopeInterceptor),
        // the primary outside one (the stream publisher, which follows the primary's cursors).
        ...REPOSITORIES.map((repository) => ({
          provide: repository,
          inject: [ReadRouter],
          useFactory: (router: ReadRouter) => new repository(router.dataSource),
        })),
        AddressBookBuilder,
        MetadataBuilder,
        ...renderCaches(options.renderCacheBytes ?? DEFAULT_RENDER_CACHE_BYTES),
        TransactionRenderer,
        ActionRenderer,
        { provide: STREAM_PUBLISHER_OPTIONS, useValue: options.stream ?? {} },
        StreamPublisherService,
      ],
    };
  }

  /** Without a database (a v2-only single process): present and idle. */
  static disabled(): DynamicModule {
    return { module: QueryModule };
  }
}

/**
 * The render caches within one budget: an eighth for actions (a busy account's traces page holds
 * ten times more transactions than actions, each bigger), an eighth for address book entries, the
 * rest for transactions.
 */
function renderCaches(budgetBytes: number): Provider[] {
  const eighth = Math.floor(budgetBytes / 8);
  return [
    {
      provide: RenderedTransactions,
      useValue: new RenderedTransactions(budgetBytes - 2 * eighth),
    },
    { provide: RenderedActions, useValue: new RenderedActions(eighth) },
    { provide: AddressBookCache, useValue: new AddressBookCache(eighth) },
  ];
}
