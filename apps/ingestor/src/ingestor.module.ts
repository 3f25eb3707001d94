import { type DynamicModule, Module } from '@nestjs/common';
import { INGESTOR_OPTIONS, type IngestorOptions } from './ingestor.options';
import { INGESTOR_FOLLOW_PROVIDERS } from './ingestor.providers';
import { IngestorService } from './ingestor.service';

/**
 * The ingestor service: follows the chain and writes blocks, transactions, messages and account
 * states to PostgreSQL (DatabaseModule must be imported globally), then announces each committed
 * masterchain block on JetStream.
 */
@Module({})
export class IngestorModule {
  static forRoot(options: IngestorOptions): DynamicModule {
    return {
      module: IngestorModule,
      providers: [
        { provide: INGESTOR_OPTIONS, useValue: options },
        // Not following: no pool, no parse threads, no follower.
        ...(options.follow ? INGESTOR_FOLLOW_PROVIDERS : []),
        IngestorService,
      ],
      exports: [IngestorService],
    };
  }

  /** Without a database (a v2-only single process): the module is present and does nothing. */
  static disabled(): DynamicModule {
    return { module: IngestorModule };
  }
}
