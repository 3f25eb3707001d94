import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { HttpMetrics } from './http.metrics';
import { LiteserverMetrics } from './liteserver.metrics';
import { NatsMetrics } from './nats.metrics';
import { createMetricsRegistry, renderMetrics } from './registry';

const fresh = () => createMetricsRegistry({ defaultMetrics: false });

void describe(HttpMetrics.name, () => {
  void it('records duration and count by method, route template and status', async () => {
    const registry = fresh();
    const sut = new HttpMetrics(registry);
    sut.observe({
      method: 'get',
      route: '/api/v2/getAddressInformation',
      status: 200,
      durationSeconds: 0.02,
    });
    sut.observe({
      method: 'GET',
      route: '/api/v2/getAddressInformation',
      status: 200,
      durationSeconds: 0.3,
    });
    sut.observe({ method: 'POST', route: '/api/v2/jsonRPC', status: 422, durationSeconds: 0.001 });

    assert.equal(
      await registry.getSingleMetricAsString('tonapi_http_requests_total'),
      [
        '# HELP tonapi_http_requests_total HTTP requests by method, route template and status.',
        '# TYPE tonapi_http_requests_total counter',
        'tonapi_http_requests_total{method="GET",route="/api/v2/getAddressInformation",status="200"} 2',
        'tonapi_http_requests_total{method="POST",route="/api/v2/jsonRPC",status="422"} 1',
      ].join('\n'),
    );
    const l = 'method="GET",route="/api/v2/getAddressInformation",status="200"';
    const histogram = await registry.getSingleMetricAsString(
      'tonapi_http_request_duration_seconds',
    );
    const lines = histogram.split('\n').filter((line) => line.includes(l));
    assert.deepEqual(lines, [
      `tonapi_http_request_duration_seconds_bucket{le="0.005",${l}} 0`,
      `tonapi_http_request_duration_seconds_bucket{le="0.01",${l}} 0`,
      `tonapi_http_request_duration_seconds_bucket{le="0.025",${l}} 1`,
      `tonapi_http_request_duration_seconds_bucket{le="0.05",${l}} 1`,
      `tonapi_http_request_duration_seconds_bucket{le="0.1",${l}} 1`,
      `tonapi_http_request_duration_seconds_bucket{le="0.25",${l}} 1`,
      `tonapi_http_request_duration_seconds_bucket{le="0.5",${l}} 2`,
      `tonapi_http_request_duration_seconds_bucket{le="1",${l}} 2`,
      `tonapi_http_request_duration_seconds_bucket{le="2.5",${l}} 2`,
      `tonapi_http_request_duration_seconds_bucket{le="5",${l}} 2`,
      `tonapi_http_request_duration_seconds_bucket{le="10",${l}} 2`,
      `tonapi_http_request_duration_seconds_bucket{le="+Inf",${l}} 2`,
      `tonapi_http_request_duration_seconds_sum{${l}} 0.32`,
      `tonapi_http_request_duration_seconds_count{${l}} 2`,
    ]);
  });
});

void describe(NatsMetrics.name, () => {
  void it('records caller-side durations by subject and outcome', async () => {
    const registry = fresh();
    const sut = new NatsMetrics(registry);
    sut.observeRequest('ton.ls.v1.getMasterchainInfo', 'ok', 0.004);
    sut.observeRequest('ton.ls.v1.getMasterchainInfo', 'UPSTREAM_TIMEOUT', 10);
    const text = await registry.getSingleMetricAsString('tonapi_nats_request_duration_seconds');
    const summary = text.split('\n').filter((line) => /_(sum|count)\{/.test(line));
    assert.deepEqual(summary, [
      'tonapi_nats_request_duration_seconds_sum{subject="ton.ls.v1.getMasterchainInfo",outcome="ok"} 0.004',
      'tonapi_nats_request_duration_seconds_count{subject="ton.ls.v1.getMasterchainInfo",outcome="ok"} 1',
      'tonapi_nats_request_duration_seconds_sum{subject="ton.ls.v1.getMasterchainInfo",outcome="UPSTREAM_TIMEOUT"} 10',
      'tonapi_nats_request_duration_seconds_count{subject="ton.ls.v1.getMasterchainInfo",outcome="UPSTREAM_TIMEOUT"} 1',
    ]);
  });
});

void describe(LiteserverMetrics.name, () => {
  void it('labels servers by index and exposes errors and health', async () => {
    const registry = fresh();
    const sut = new LiteserverMetrics(registry);
    sut.countError(1, 'getAccountState', 'timeout');
    sut.countError(1, 'getAccountState', 'timeout');
    sut.setHealth(0, true, 49125012);
    sut.setHealth(1, false);
    sut.observeQuery(0, 'getMasterchainInfo', 0.012);

    assert.equal(
      await registry.getSingleMetricAsString('tonapi_liteserver_errors_total'),
      [
        '# HELP tonapi_liteserver_errors_total Failed lite_api queries by liteserver index, method and kind (timeout, error, ...).',
        '# TYPE tonapi_liteserver_errors_total counter',
        'tonapi_liteserver_errors_total{server="1",method="getAccountState",kind="timeout"} 2',
      ].join('\n'),
    );
    assert.equal(
      await registry.getSingleMetricAsString('tonapi_liteserver_up'),
      [
        '# HELP tonapi_liteserver_up Whether the liteserver at this index is considered healthy (1) or not (0).',
        '# TYPE tonapi_liteserver_up gauge',
        'tonapi_liteserver_up{server="0"} 1',
        'tonapi_liteserver_up{server="1"} 0',
      ].join('\n'),
    );
    assert.equal(
      await registry.getSingleMetricAsString('tonapi_liteserver_masterchain_seqno'),
      [
        '# HELP tonapi_liteserver_masterchain_seqno Last masterchain seqno reported by the liteserver at this index.',
        '# TYPE tonapi_liteserver_masterchain_seqno gauge',
        'tonapi_liteserver_masterchain_seqno{server="0"} 49125012',
      ].join('\n'),
    );
    const duration = await registry.getSingleMetricAsString(
      'tonapi_liteserver_query_duration_seconds',
    );
    assert.ok(
      duration.includes(
        'tonapi_liteserver_query_duration_seconds_count{server="0",method="getMasterchainInfo"} 1',
      ),
    );
  });
});

void describe(createMetricsRegistry.name, () => {
  void it('collects default process metrics with the tonapi_ prefix and default labels', async () => {
    const registry = createMetricsRegistry({ defaultLabels: { app: 'gateway' } });
    const { contentType, body } = await renderMetrics(registry);
    assert.equal(contentType, 'text/plain; version=0.0.4; charset=utf-8');
    assert.match(body, /^# TYPE tonapi_process_cpu_user_seconds_total counter$/m);
    assert.match(body, /^tonapi_nodejs_heap_size_total_bytes\{app="gateway"\} \d+$/m);
    assert.equal(/^process_/m.test(body), false);
  });
});
