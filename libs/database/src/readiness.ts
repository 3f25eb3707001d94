import { type ReadinessCheck } from '@app/observability';
import { type DataSource } from 'typeorm';
import { pingDatabase } from './ping-database';

/** `/readyz` check of a service that needs PostgreSQL: a real `SELECT 1` through its pool. */
export function postgresReadiness(dataSource: DataSource): ReadinessCheck {
  return {
    name: 'postgres',
    check: async () => {
      await pingDatabase(dataSource);
    },
  };
}
