import { PINO_LOGGER } from '@app/observability';
import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { createDataSource, type DataSourceFactoryOptions } from './data-source.factory';
import { assertSchemaCurrent } from './migrator';
import { readReplicaSources } from './read-replicas/read-replica-sources';
import { ReadRouter } from './read-replicas/read-router';
import { ReadRoutingMetrics } from './read-replicas/read-routing.metrics';
import { ReadScopeInterceptor } from './read-replicas/read-scope.interceptor';
import { IndexerCursorRepository } from './repositories/indexer-cursor.repository';

/** Streaming read replicas the v3 reads may use (DATABASE_READ_URLS). */
export interface ReadReplicaOptions {
  readonly urls: readonly string[];
  /** DATABASE_READ_MAX_LAG_BYTES: a replica further behind takes no reads. */
  readonly maxLagBytes: number;
}

export interface DatabaseModuleOptions extends DataSourceFactoryOptions {
  /** Read replicas for the handlers under ReadScopeInterceptor; none: everything on the primary. */
  readonly read?: ReadReplicaOptions;
}

/** Replica pools are as large as the primary's unless told (pg's default is 10). */
const DEFAULT_POOL_SIZE = 10;

/**
 * Nest wiring: one initialised DataSource per process on DATABASE_URL (injectable by its class), the
 * ReadRouter over it and the read replicas, and the repositories. Migrations are not run here, but
 * an app refuses to start on a schema that lacks any of its migrations (a failed or forgotten
 * migration step), saying which. The app's readiness uses pingDatabase() (the primary: replicas
 * come and go without the app being unready).
 */
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ReadRouter) private readonly router: ReadRouter,
  ) {}

  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    const { read, ...primary } = options;
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: async (): Promise<DataSource> => {
            const dataSource = await createDataSource(primary).initialize();
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
          provide: ReadRouter,
          inject: [
            DataSource,
            { token: Registry, optional: true },
            { token: PINO_LOGGER, optional: true },
          ],
          useFactory: async (
            dataSource: DataSource,
            registry: Registry | undefined,
            logger: Logger | undefined,
          ): Promise<ReadRouter> => {
            const router = new ReadRouter(
              dataSource,
              readReplicaSources(read?.urls ?? [], {
                applicationName: primary.applicationName ?? 'ton-access',
                poolSize: primary.poolSize ?? DEFAULT_POOL_SIZE,
              }),
              {
                maxLagBytes: read?.maxLagBytes ?? 0,
                ...(registry === undefined ? {} : { metrics: new ReadRoutingMetrics(registry) }),
                ...(logger === undefined
                  ? {}
                  : { logger: logger.child({ component: 'read-router' }) }),
              },
            );
            await router.start();
            return router;
          },
        },
        ReadScopeInterceptor,
        {
          provide: IndexerCursorRepository,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new IndexerCursorRepository(dataSource),
        },
      ],
      exports: [DataSource, ReadRouter, ReadScopeInterceptor, IndexerCursorRepository],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.router.stop();
    if (this.dataSource.isInitialized) {
      await this.dataSource.destroy();
    }
  }
}
