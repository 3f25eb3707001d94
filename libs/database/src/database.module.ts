import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDataSource, type DataSourceFactoryOptions } from './data-source.factory';
import { assertSchemaCurrent } from './migrator';
import { IndexerCursorRepository } from './repositories/indexer-cursor.repository';

/**
 * Nest wiring: one initialised DataSource per process (injectable by its class) and the repositories.
 * Migrations are not run here, but an app refuses to start on a schema that lacks
 * any of its migrations (a failed or forgotten migration step), saying which. The app's readiness uses
 * pingDatabase().
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
          useFactory: async (): Promise<DataSource> => {
            const dataSource = await createDataSource(options).initialize();
            try {
              await assertSchemaCurrent(dataSource);
            } catch (error: unknown) {
              await dataSource.destroy();
              throw error;
            }
            return dataSource;
          },
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
