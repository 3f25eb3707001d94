import { LiteserverPoolService } from '@app/liteclient';
import { EmulatorBehindNotice, PINO_LOGGER } from '@app/observability';
import { type Provider } from '@nestjs/common';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { AccountReader } from './account.service';
import { AccountCellsReader } from './accounts/account-cells.reader';
import { AccountsReader } from './accounts/accounts.service';
import { BlocksReader } from './blocks/blocks.service';
import { ConfigReader } from './methods/config.reader';
import { GetMethodRunner } from './methods/get-method.runner';
import { BlockTransactionsReader } from './transactions/block-transactions.reader';
import { TransactionsReader } from './transactions/transactions.service';

/**
 * The v2 readers over the API's liteserver pool, one of each per process (each keeps its own answer
 * caches). They stay free of Nest (tests build them over a pool of their own); these factories are
 * how the controllers get them.
 */
export const V2_READER_PROVIDERS: Provider[] = [
  ...[
    AccountReader,
    AccountsReader,
    AccountCellsReader,
    BlocksReader,
    BlockTransactionsReader,
    ConfigReader,
  ].map((reader) => ({
    provide: reader,
    inject: [LiteserverPoolService],
    useFactory: (pool: LiteserverPoolService) => new reader(pool),
  })),
  {
    provide: TransactionsReader,
    inject: [LiteserverPoolService, BlockTransactionsReader],
    useFactory: (pool: LiteserverPoolService, blocks: BlockTransactionsReader) =>
      new TransactionsReader(pool, blocks),
  },
  {
    provide: GetMethodRunner,
    inject: [LiteserverPoolService, PINO_LOGGER, Registry],
    useFactory: (pool: LiteserverPoolService, logger: Logger, registry: Registry) => {
      const behind = new EmulatorBehindNotice(registry, logger, 'get_method');
      return new GetMethodRunner(
        pool,
        (error) => {
          logger.warn(
            { err: error },
            'get-method emulator failed: instance discarded, a fresh one follows',
          );
        },
        (version) => {
          behind.seen(version);
        },
      );
    },
  },
];
