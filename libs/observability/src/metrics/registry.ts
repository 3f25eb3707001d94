import { collectDefaultMetrics, Registry } from 'prom-client';

/** Every metric of the project starts with this prefix (Prometheus naming). */
export const METRIC_PREFIX = 'tonapi_';

export interface MetricsRegistryOptions {
  /** Collect the default process/Node.js metrics (`tonapi_process_*`, `tonapi_nodejs_*`). */
  defaultMetrics?: boolean;
  /** Labels added to every series, e.g. `{ app: 'gateway' }`. Keep them low-cardinality. */
  defaultLabels?: Readonly<Record<string, string>>;
}

/** A fresh registry (never prom-client's global one, so tests and apps stay isolated). */
export function createMetricsRegistry(options: MetricsRegistryOptions = {}): Registry {
  const registry = new Registry();
  if (options.defaultLabels !== undefined) {
    registry.setDefaultLabels({ ...options.defaultLabels });
  }
  if (options.defaultMetrics ?? true) {
    collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  }
  return registry;
}

/** The exposition text and its content type, for the gateway's `/metrics` route. */
export async function renderMetrics(
  registry: Registry,
): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
