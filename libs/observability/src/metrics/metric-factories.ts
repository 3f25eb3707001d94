import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  type Registry,
} from 'prom-client';

/**
 * Get-or-create metric factories: a second Nest context over the same registry (app + standalone
 * microservice, or several modules in one process) reuses the metric instead of failing with
 * "already registered".
 */
export function histogram<T extends string>(
  registry: Registry,
  config: Omit<HistogramConfiguration<T>, 'registers'>,
): Histogram<T> {
  const existing = registry.getSingleMetric(config.name);
  if (existing instanceof Histogram) {
    return existing;
  }
  return new Histogram<T>({ ...config, registers: [registry] });
}

export function counter<T extends string>(
  registry: Registry,
  config: Omit<CounterConfiguration<T>, 'registers'>,
): Counter<T> {
  const existing = registry.getSingleMetric(config.name);
  if (existing instanceof Counter) {
    return existing;
  }
  return new Counter<T>({ ...config, registers: [registry] });
}

export function gauge<T extends string>(
  registry: Registry,
  config: Omit<GaugeConfiguration<T>, 'registers'>,
): Gauge<T> {
  const existing = registry.getSingleMetric(config.name);
  if (existing instanceof Gauge) {
    return existing;
  }
  return new Gauge<T>({ ...config, registers: [registry] });
}
