/**
 * Every metric the Grafana dashboard and the alert rules read is on a real `/metrics`: the whole
 * service in one process (single-process mode, every app's module with one registry) over a fresh
 * localnet and a test database, the live ingestor and the decoder on (scrape-target.ts, in a child
 * process), scraped over HTTP after a few API requests.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import {
  type MetricType,
  PROMETHEUS_SYNTHETIC,
  declaredMetrics,
  metricNamesOf,
  monitoringExpressions,
  seriesNames,
} from './deploy-support';

/** The `# TYPE name type` lines of an exposition, as the series names each metric exposes. */
function exposedSeries(body: string): Set<string> {
  const series = new Set<string>();
  for (const [, name, type] of body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (name !== undefined && type !== undefined) {
      for (const s of seriesNames(name, type as MetricType)) {
        series.add(s);
      }
    }
  }
  return series;
}

void describe('a scrape of the running service', () => {
  let db: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let baseUrl = '';

  before(async () => {
    db = await createTestDatabase({ prefix: 'deploy_metrics' });
    const target = spawn(process.execPath, [join(__dirname, 'scrape-target.js'), db.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = target;
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        reject(new Error('the service did not start within 120 s'));
      }, 120_000);
      target.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /^ready (\S+)$/m.exec(out);
        if (ready?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(ready[1]);
        }
      });
      target.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the service exited with ${String(code)} before it was ready`));
      });
    });
  });

  after(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await db?.drop();
  });

  async function scrape(): Promise<string> {
    const response = await fetch(`${baseUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    return response.text();
  }

  void it('exposes every metric the dashboard and the alert rules use', async () => {
    // Requests that pass through the gateway, the NATS layer and the liteserver pool.
    for (const path of [
      '/api/v2/getMasterchainInfo',
      '/api/v2/getConsensusBlock',
      '/api/v2/nope',
    ]) {
      await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
    }
    // The ingestor and decoder metrics appear once their loops have started.
    let body = await scrape();
    const deadline = Date.now() + 60_000;
    while (
      !/^tonapi_ingest_leader \d/m.test(body) ||
      !/^# TYPE tonapi_decoder_backlog_blocks /m.test(body)
    ) {
      assert.ok(Date.now() < deadline, 'ingestor and decoder metrics within 60 s');
      await new Promise((r) => setTimeout(r, 250));
      body = await scrape();
    }
    const series = exposedSeries(body);
    const missing = monitoringExpressions().flatMap(({ where, expr }) =>
      metricNamesOf(expr)
        .filter((name) => !series.has(name) && !PROMETHEUS_SYNTHETIC.has(name))
        .map((name) => `${where}: ${name}`),
    );
    assert.deepEqual(missing, []);
    // The grep of the sources finds nothing the running service lacks.
    const undeclared = [...declaredMetrics().keys()].filter(
      (name) => !series.has(name) && !series.has(`${name}_count`),
    );
    assert.deepEqual(undeclared, []);
    assert.match(
      body,
      /^tonapi_http_requests_total\{method="GET",route="\/api\/v2\/getMasterchainInfo",status="200"\} \d+/m,
    );
  });
});
