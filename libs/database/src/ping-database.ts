import { type DataSource } from 'typeorm';

/**
 * Health check: `SELECT 1` through the pool, bounded by `timeoutMs` so a hung server fails a readiness
 * probe instead of hanging it. Resolves with the round trip in milliseconds; rejects with the reason.
 */
export async function pingDatabase(dataSource: DataSource, timeoutMs = 2000): Promise<number> {
  if (!dataSource.isInitialized) {
    throw new Error('database: data source is not initialised');
  }
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`database: no answer to SELECT 1 within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([dataSource.query('SELECT 1'), timeout]);
    return performance.now() - started;
  } finally {
    clearTimeout(timer);
  }
}
