import { createRequire } from 'node:module';

/**
 * The part of node-postgres (`pg`, a dependency of TypeORM's driver) the benchmarks use directly: the
 * raw-SQL side of a ratio must not go through TypeORM. The package ships no types and @types/pg is
 * not a dependency, so the surface is declared here.
 */
export interface PgQueryable {
  query(sql: string, params?: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

export interface PgPool extends PgQueryable {
  end(): Promise<void>;
}

export interface PgClient extends PgQueryable {
  connect(): Promise<void>;
  end(): Promise<void>;
}

interface PgModule {
  Pool: new (options: {
    connectionString: string;
    max: number;
    application_name: string;
  }) => PgPool;
  Client: new (options: { connectionString: string; application_name: string }) => PgClient;
}

const pg = createRequire(__filename)('pg') as PgModule;

/** A pool; `options` are libpq session options (`-c name=value`), e.g. the service's own. */
export function pgPool(url: string, max: number, name: string, options?: string): PgPool {
  return new pg.Pool({
    connectionString: url,
    max,
    application_name: name,
    ...(options === undefined ? {} : { options }),
  });
}

export async function pgClient(url: string, name: string): Promise<PgClient> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect();
  return client;
}
