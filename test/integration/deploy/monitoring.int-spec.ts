/**
 * The monitoring an operator deploys: the Grafana dashboard and the alert rules of k8s/monitoring are
 * valid, cover what operators watch, and read only metrics the code declares (every
 * `${METRIC_PREFIX}…` metric of apps/ and libs/, and the default process metrics); the compose
 * `monitoring` profile runs Prometheus and Grafana provisioned with those same files and scrapes every
 * app where it serves /metrics.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  Dashboard,
  MESH_APPS,
  PROMETHEUS_SYNTHETIC,
  ROOT,
  RuleGroups,
  declaredMetrics,
  exportedSeries,
  metricNamesOf,
  monitoringExpressions,
  prometheusRule,
  readJson,
  readYaml,
} from './deploy-support';

void describe('metric names in the monitoring', () => {
  void it('finds the metric names of a PromQL expression', () => {
    assert.deepEqual(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (le, route) (rate(a_bucket{route!~"/x|y"}[$__rate_interval]))) / on (instance) b > 1e3 and c == 1',
      ),
      ['a_bucket', 'b', 'c'],
    );
  });

  void it('declares the metrics the monitoring relies on (grep of the sources)', () => {
    const declared = declaredMetrics();
    // A sample of each family, so the grep itself is known to work.
    for (const [name, type] of [
      ['tonapi_http_requests_total', 'counter'],
      ['tonapi_http_request_duration_seconds', 'histogram'],
      ['tonapi_liteserver_up', 'gauge'],
      ['tonapi_liteserver_lag_blocks', 'gauge'],
      ['tonapi_ingest_lag_seconds', 'gauge'],
      ['tonapi_decoder_backlog_blocks', 'gauge'],
      ['tonapi_nats_request_duration_seconds', 'histogram'],
      ['tonapi_process_resident_memory_bytes', 'gauge'],
    ] as const) {
      assert.equal(declared.get(name), type, name);
    }
  });

  void it('uses only metrics the code exports, in the dashboard and in the alert rules', () => {
    const series = exportedSeries(declaredMetrics());
    const unknown = monitoringExpressions().flatMap(({ where, expr }) =>
      metricNamesOf(expr)
        .filter((name) => !series.has(name) && !PROMETHEUS_SYNTHETIC.has(name))
        .map((name) => `${where}: ${name}`),
    );
    assert.deepEqual(unknown, []);
  });
});

void describe('Grafana dashboard (k8s/monitoring/ton-access-dashboard.json)', () => {
  const dashboard = Dashboard.parse(readJson('k8s', 'monitoring', 'ton-access-dashboard.json'));
  const exprs = monitoringExpressions()
    .filter((e) => e.where.startsWith('dashboard'))
    .map((e) => e.expr)
    .join('\n');

  void it('is valid JSON with unique panel ids and a Prometheus data source variable', () => {
    const ids = dashboard.panels.map((p) => z.object({ id: z.number() }).loose().parse(p).id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(dashboard.uid, 'ton-access');
    const templating = z
      .object({ list: z.array(z.object({ name: z.string(), type: z.string() }).loose()) })
      .parse((dashboard as { templating?: unknown }).templating);
    assert.ok(templating.list.some((v) => v.name === 'datasource' && v.type === 'datasource'));
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      assert.ok((panel.targets ?? []).length > 0, `panel "${panel.title}" has queries`);
    }
  });

  void it('shows requests, errors, p50/p99 by route, liteservers, ingest lag, decoder backlog, NATS, PostgreSQL', () => {
    for (const needle of [
      /rate\(tonapi_http_requests_total\{/,
      /status=~"5\.\."/,
      /status="429"/,
      /histogram_quantile\(0\.5, sum by \(le, route\) \(rate\(tonapi_http_request_duration_seconds_bucket/,
      /histogram_quantile\(0\.99, sum by \(le, route\) \(rate\(tonapi_http_request_duration_seconds_bucket/,
      /tonapi_liteserver_up/,
      /tonapi_liteserver_lag_blocks/,
      /tonapi_ingest_lag_seconds/,
      /tonapi_ingest_lag_blocks/,
      /tonapi_decoder_backlog_blocks/,
      /tonapi_nats_request_duration_seconds_count/,
      /tonapi_ingest_write_retries_total/,
    ]) {
      assert.match(exprs, needle);
    }
  });
});

void describe('alert rules (k8s/monitoring/prometheus-rule.yaml)', () => {
  const groups = prometheusRule();
  const rules = new Map(groups.flatMap((g) => g.rules.map((r) => [r.alert, r] as const)));

  void it('is a valid PrometheusRule, equal to the compose Prometheus rules file', () => {
    assert.equal(rules.size, groups.flatMap((g) => g.rules).length, 'alert names are unique');
    const plain = z
      .object({ groups: RuleGroups })
      .parse(readYaml('monitoring', 'prometheus', 'rules.yml'));
    assert.deepEqual(plain.groups, groups);
  });

  void it('alerts on ingest lag > 30 s, liteservers below quorum, 5xx > 1 % and p99 > 1 s', () => {
    const expr = (alert: string): string => {
      const rule = rules.get(alert);
      assert.ok(rule, alert);
      return rule.expr.replace(/\s+/g, ' ');
    };
    assert.match(expr('TonAccessIngestLagHigh'), /tonapi_ingest_lag_seconds .*\) > 30$/);
    assert.match(expr('TonAccessIngestLagHigh'), /tonapi_ingest_leader == 1/);
    assert.match(
      expr('TonAccessLiteserverPoolBelowQuorum'),
      /^sum by \(job, instance\) \(tonapi_liteserver_up\) \* 2 <= count by \(job, instance\) \(tonapi_liteserver_up\)$/,
    );
    assert.match(
      expr('TonAccessHighErrorRate'),
      /tonapi_http_requests_total\{status=~"5\.\."\}.* \/ sum\(rate\(tonapi_http_requests_total\[5m\]\)\) > 0\.01$/,
    );
    assert.equal(expr('TonAccessIngestChainMismatch'), 'max(tonapi_ingest_chain_mismatch) > 0');
    assert.equal(rules.get('TonAccessIngestChainMismatch')?.labels.severity, 'critical');
    assert.equal(expr('TonAccessIngestStuck'), 'max(tonapi_ingest_stuck_seconds) > 120');
    assert.equal(rules.get('TonAccessIngestStuck')?.labels.severity, 'critical');
    assert.match(
      expr('TonAccessHighLatencyP99'),
      /^histogram_quantile\(0\.99, sum by \(le\) \(rate\(tonapi_http_request_duration_seconds_bucket.*\) > 1$/,
    );
  });
});

const ComposeService = z.looseObject({
  image: z.string().optional(),
  profiles: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  healthcheck: z
    .looseObject({ test: z.array(z.string()).optional(), disable: z.boolean().optional() })
    .optional(),
  depends_on: z.record(z.string(), z.looseObject({ condition: z.string() })).optional(),
});
const Compose = z.looseObject({
  services: z.record(z.string(), ComposeService),
  volumes: z.record(z.string(), z.unknown()),
});

void describe('docker-compose.yml, monitoring profile', () => {
  const compose = Compose.parse(readYaml('docker-compose.yml'));
  const svc = (name: string) => {
    const s = compose.services[name];
    assert.ok(s, name);
    return s;
  };
  /** `./host:container[:ro]` bind mounts of a service, by container path. */
  const binds = (name: string) =>
    new Map(
      (svc(name).volumes ?? [])
        .filter((v) => v.startsWith('./'))
        .map((v) => {
          const [host = '', container = ''] = v.split(':');
          return [container, host] as const;
        }),
    );

  void it('gives every long-running service a health check', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (name === 'migrate') {
        assert.equal(s.healthcheck?.disable, true, 'the one-shot migrations have none');
        continue;
      }
      assert.ok((s.healthcheck?.test ?? []).length >= 2, `${name} has a health check`);
    }
    for (const app of MESH_APPS) {
      assert.ok(compose.services[app], `${app} is in docker-compose.yml`);
    }
  });

  void it('runs Prometheus and Grafana under the monitoring profile with the repo files mounted', () => {
    for (const name of ['prometheus', 'grafana']) {
      assert.deepEqual(svc(name).profiles, ['monitoring'], name);
      for (const host of binds(name).values()) {
        assert.ok(existsSync(join(ROOT, host)), `${name} mounts ${host}, which exists`);
      }
    }
    assert.equal(
      binds('prometheus').get('/etc/prometheus/rules.yml'),
      './monitoring/prometheus/rules.yml',
    );
    assert.equal(
      binds('grafana').get('/etc/grafana/dashboards/ton-access.json'),
      './k8s/monitoring/ton-access-dashboard.json',
    );
    assert.deepEqual(svc('grafana').depends_on, { prometheus: { condition: 'service_healthy' } });
    assert.ok('promdata' in compose.volumes && 'grafanadata' in compose.volumes);
  });

  void it('scrapes every app where it serves /metrics and loads the rules', () => {
    const config = z
      .object({
        rule_files: z.array(z.string()),
        scrape_configs: z.array(
          z.looseObject({
            job_name: z.string(),
            static_configs: z.array(z.object({ targets: z.array(z.string()) })),
          }),
        ),
      })
      .loose()
      .parse(readYaml('monitoring', 'prometheus', 'prometheus.yml'));
    assert.deepEqual(config.rule_files, ['/etc/prometheus/rules.yml']);
    const env = z
      .object({ environment: z.record(z.string(), z.string()) })
      .loose()
      .parse(svc('ingestor'));
    const metricsPort = env.environment.METRICS_PORT;
    for (const app of MESH_APPS) {
      const job = config.scrape_configs.find((c) => c.job_name === app);
      const port = app === 'gateway' ? '8080' : metricsPort;
      assert.deepEqual(job?.static_configs, [{ targets: [`${app}:${String(port)}`] }], app);
    }
  });

  void it('provisions Grafana with the Prometheus data source and the dashboard folder', () => {
    const datasources = z
      .object({ datasources: z.array(z.looseObject({ type: z.string(), url: z.string() })) })
      .loose()
      .parse(readYaml('monitoring', 'grafana', 'provisioning', 'datasources', 'prometheus.yml'));
    assert.deepEqual(
      datasources.datasources.map((d) => [d.type, d.url]),
      [['prometheus', 'http://prometheus:9090']],
    );
    const providers = z
      .object({ providers: z.array(z.looseObject({ options: z.object({ path: z.string() }) })) })
      .loose()
      .parse(readYaml('monitoring', 'grafana', 'provisioning', 'dashboards', 'ton-access.yml'));
    assert.deepEqual(
      providers.providers.map((p) => p.options.path),
      ['/etc/grafana/dashboards'],
    );
    assert.deepEqual(
      svc('grafana').volumes?.includes(
        './monitoring/grafana/provisioning:/etc/grafana/provisioning:ro',
      ),
      true,
    );
  });
});
