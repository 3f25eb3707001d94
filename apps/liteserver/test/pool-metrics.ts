import assert from 'node:assert/strict';
import { type LiteserverMetrics } from '@app/observability';
import { type Registry } from 'prom-client';

/** One series of a metric: its value for exactly these labels (undefined when never set). */
export async function metric(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const found = registry.getSingleMetric(name);
  assert.ok(found, `metric ${name} is registered`);
  const { values } = await found.get();
  const wanted = Object.entries(labels);
  const series = values.find(
    (v) =>
      Object.keys(v.labels).length === wanted.length &&
      wanted.every(([k, x]) => String(v.labels[k]) === x),
  );
  return series?.value;
}

/**
 * How many lite_api queries the pool made (the latency histogram's count), for one method and/or
 * one liteserver when given, else all of them.
 */
export async function queries(
  metrics: LiteserverMetrics,
  filter: { readonly method?: string; readonly server?: number } = {},
): Promise<number> {
  const { values } = await metrics.duration.get();
  return values
    .filter(
      (v) =>
        v.metricName?.endsWith('_count') === true &&
        (filter.method === undefined || v.labels.method === filter.method) &&
        (filter.server === undefined || String(v.labels.server) === String(filter.server)),
    )
    .reduce((sum, v) => sum + v.value, 0);
}

/** Cache lookups of one method that the pool counted as hits or misses. */
export async function cacheLookups(
  registry: Registry,
  method: string,
  result: 'hit' | 'miss',
): Promise<number> {
  return (await metric(registry, 'tonapi_liteserver_cache_lookups_total', { method, result })) ?? 0;
}
