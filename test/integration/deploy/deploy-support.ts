/**
 * Helpers of the deployment tests: reading the YAML/JSON of k8s/, monitoring/ and docker-compose.yml,
 * rendering the kustomize overlays, listing the metric names the monitoring uses and those the code
 * exports.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createMetricsRegistry } from '@app/observability';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { MESH_APPS, readYamlDocuments, ROOT } from '../../unit/deploy/repo-apps';

export { MESH_APPS, readYamlDocuments, ROOT };

export function readYaml(...path: string[]): unknown {
  return parse(readFileSync(join(ROOT, ...path), 'utf8'), { merge: true });
}

export function readJson(...path: string[]): unknown {
  return JSON.parse(readFileSync(join(ROOT, ...path), 'utf8'));
}

export const K8sObject = z.looseObject({
  apiVersion: z.string(),
  kind: z.string(),
  metadata: z.looseObject({
    name: z.string(),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.string()).optional(),
  }),
});
export type K8sObject = z.infer<typeof K8sObject>;

export const kubectlAvailable =
  spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

const Kustomization = z.looseObject({ resources: z.array(z.string()).default([]) });

/** The raw objects a kustomization lists, recursively (patches, generators and names not applied). */
export function rawKustomization(dir: string): K8sObject[] {
  const k = Kustomization.parse(readYaml(dir, 'kustomization.yaml'));
  return k.resources.flatMap((resource) => {
    const path = join(dir, resource);
    if (statSync(join(ROOT, path)).isDirectory()) {
      return rawKustomization(path);
    }
    return readYamlDocuments(path).map((o) => K8sObject.parse(o));
  });
}

/**
 * The objects of an overlay: `kubectl kustomize` when kubectl is installed (patches applied), else the
 * raw objects of the base and the overlay (what can be checked without a renderer).
 */
export function renderOverlay(overlay: string): { objects: K8sObject[]; rendered: boolean } {
  const dir = join('k8s', 'overlays', overlay);
  if (!kubectlAvailable) {
    return { objects: rawKustomization(dir), rendered: false };
  }
  const out = spawnSync('kubectl', ['kustomize', join(ROOT, dir)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(out.status, 0, out.stderr);
  const objects = parseAllDocuments(out.stdout).flatMap((doc) => {
    const value: unknown = doc.toJS();
    return value === null ? [] : [K8sObject.parse(value)];
  });
  return { objects, rendered: true };
}

export const OVERLAYS = ['local', 'mainnet', 'testnet'] as const;

// ---- metric names

const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);
/** Series Prometheus makes itself for every target, not exported by the code. */
export const PROMETHEUS_SYNTHETIC = new Set(['up']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers, ranges,
 * grouping clauses, numbers, function names and keywords are taken out.
 */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (name === undefined || call !== undefined || PROMQL_KEYWORDS.has(name.toLowerCase())) {
      continue;
    }
    if (/^\d/.test(name) || /^[eE]\d*$/.test(name)) {
      continue;
    }
    names.add(name);
  }
  return [...names].sort();
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path, out);
    } else if (path.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(path)) {
      out.push(path);
    }
  }
  return out;
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/**
 * The metrics the code declares, by name and type: every `counter|gauge|histogram(registry, { name:
 * `${METRIC_PREFIX}…` })` in apps/ and libs/ (non-test sources), plus the default process and Node.js
 * metrics createMetricsRegistry() collects under the same prefix.
 */
export function declaredMetrics(): Map<string, MetricType> {
  const declared = new Map<string, MetricType>();
  const pattern =
    /\b(counter|gauge|histogram)(?:<[^>]*>)?\(\s*registry,\s*\{\s*name:\s*`\$\{METRIC_PREFIX\}([a-z0-9_]+)`/g;
  for (const file of [...walk(join(ROOT, 'apps')), ...walk(join(ROOT, 'libs'))]) {
    for (const [, type, name] of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (type !== undefined && name !== undefined) {
        declared.set(`tonapi_${name}`, type as MetricType);
      }
    }
  }
  for (const metric of createMetricsRegistry().getMetricsAsArray()) {
    declared.set(metric.name, (metric as unknown as { type: MetricType }).type);
  }
  return declared;
}

/** The series names a metric of this type exposes (histograms: _bucket, _sum, _count). */
export function seriesNames(name: string, type: MetricType): string[] {
  if (type === 'histogram') {
    return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  }
  if (type === 'summary') {
    return [name, `${name}_sum`, `${name}_count`];
  }
  return [name];
}

export function exportedSeries(metrics: Map<string, MetricType>): Set<string> {
  return new Set([...metrics].flatMap(([name, type]) => seriesNames(name, type)));
}

// ---- the monitoring files

const Rule = z.looseObject({
  alert: z.string(),
  expr: z.string(),
  for: z.string().optional(),
  labels: z.looseObject({ severity: z.enum(['warning', 'critical']) }),
  annotations: z.looseObject({ summary: z.string(), description: z.string() }),
});
export const RuleGroups = z.array(z.object({ name: z.string(), rules: z.array(Rule).min(1) }));
export type RuleGroups = z.infer<typeof RuleGroups>;

export function prometheusRule(): RuleGroups {
  const [rule, ...rest] = readYamlDocuments('k8s', 'monitoring', 'prometheus-rule.yaml');
  assert.equal(rest.length, 0);
  const parsed = z
    .object({
      apiVersion: z.literal('monitoring.coreos.com/v1'),
      kind: z.literal('PrometheusRule'),
      metadata: z.object({ name: z.string() }).loose(),
      spec: z.object({ groups: RuleGroups }),
    })
    .parse(rule);
  return parsed.spec.groups;
}

const Target = z.looseObject({ expr: z.string(), refId: z.string() });
const Panel = z.looseObject({
  type: z.string(),
  title: z.string(),
  targets: z.array(Target).optional(),
});
export const Dashboard = z.looseObject({
  uid: z.string(),
  title: z.string(),
  schemaVersion: z.number(),
  panels: z.array(Panel).min(1),
});

/** Every PromQL expression of the dashboard and of the alert rules, with where it comes from. */
export function monitoringExpressions(): { where: string; expr: string }[] {
  const dashboard = Dashboard.parse(readJson('k8s', 'monitoring', 'ton-access-dashboard.json'));
  return [
    ...dashboard.panels.flatMap((p) =>
      (p.targets ?? []).map((t) => ({ where: `dashboard panel "${p.title}"`, expr: t.expr })),
    ),
    ...prometheusRule().flatMap((g) =>
      g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
    ),
  ];
}
