import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, type DataSourceFactoryOptions } from './data-source.factory';
import { IndexerCursorRepository } from './repositories/indexer-cursor.repository';

/**
 * Nest wiring: one initialised DataSource per process (injectable by its class) and the repositories.
 * Migrations are not run here (house style 3.6); the app's readiness uses pingDatabase().
 */
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  static forRoot(options: DataSourceFactoryOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: async (): Promise<DataSource> => createDataSource(options).initialize(),
        },
        {
          provide: IndexerCursorRepository,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new IndexerCursorRepository(dataSource),
        },
      ],
      exports: [DataSource, IndexerCursorRepository],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) {
      await this.dataSource.destroy();
    }
  }
}
