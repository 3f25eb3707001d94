import { type DynamicModule, Module } from '@nestjs/common';
import { INGESTOR_OPTIONS, type IngestorOptions, IngestorService } from './ingestor.service';

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
      providers: [{ provide: INGESTOR_OPTIONS, useValue: options }, IngestorService],
      exports: [IngestorService],
    };
  }

  /** Without a database (a v2-only single process): the module is present and does nothing. */
  static disabled(): DynamicModule {
    return { module: IngestorModule };
  }
}
