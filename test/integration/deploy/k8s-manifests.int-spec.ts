/**
 * The Kubernetes manifests as an operator gets them: every overlay rendered by `kubectl kustomize`
 * (without kubectl, the raw objects of base and overlay), each object validated against the Kubernetes
 * OpenAPI schemas (kubernetes-models, offline) and checked for what running the mesh needs: a
 * Deployment per app with probes, resources and a non-root security context, autoscaling and
 * disruption budgets, single replicas where the app requires it, ServiceMonitors that reach the real
 * metrics port, and NetworkPolicies that open only the gateway.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  K8sObject,
  MESH_APPS,
  OVERLAYS,
  ROOT,
  kubectlAvailable,
  rawKustomization,
  renderOverlay,
} from './deploy-support';
import {
  AppDeployment,
  TrustPod,
  LocalnetDeployment,
  Service,
  ServiceMonitor,
  ScaleTarget,
  Pdb,
  NetworkPolicy,
  ConfigMap,
  ofKind,
  matches,
  schemaErrors,
} from './k8s-objects';

for (const overlay of OVERLAYS) {
  void describe(`k8s overlay ${overlay}`, () => {
    const { objects, rendered } = renderOverlay(overlay);
    const deployments = ofKind(
      objects,
      'Deployment',
      z.looseObject({ metadata: K8sObject.shape.metadata }),
    );
    const appDeployments = new Map<string, AppDeployment>(
      objects
        .filter((o) => o.kind === 'Deployment' && MESH_APPS.includes(o.metadata.name))
        .map((o) => [o.metadata.name, AppDeployment.parse(o)]),
    );
    const config = ofKind(objects, 'ConfigMap', ConfigMap).find(
      (c) => c.metadata.name === 'ton-access-config',
    );

    void it('renders (kubectl kustomize) into objects valid against the Kubernetes schemas', () => {
      if (!rendered) {
        // Without kubectl the raw objects are checked: patches are not applied.
        assert.equal(kubectlAvailable, false);
      }
      assert.deepEqual(schemaErrors(objects), []);
      if (rendered) {
        for (const o of objects.filter((x) => x.kind !== 'Namespace')) {
          assert.equal(o.metadata.namespace, 'ton-access', `${o.kind}/${o.metadata.name}`);
        }
      }
    });

    void it('has a Deployment for every app in apps/ (standalone and localnet aside)', () => {
      assert.deepEqual([...appDeployments.keys()].sort(), MESH_APPS);
      const others = deployments.map((d) => d.metadata.name).filter((n) => !MESH_APPS.includes(n));
      // The localnet is a development network: only the local overlay runs it (with NATS beside).
      assert.deepEqual(others.sort(), overlay === 'local' ? ['localnet', 'nats'] : []);
    });

    void it('gives every app probes on its health endpoints, resources and a non-root context', () => {
      assert.ok(config, 'ton-access-config');
      const metricsPort = Number(config.data.METRICS_PORT);
      const httpPort = Number(config.data.PORT);
      for (const [app, d] of appDeployments) {
        const pod = d.spec.template.spec;
        const [c] = pod.containers;
        assert.ok(c);
        assert.deepEqual(
          c.env?.find((e) => e.name === 'APP'),
          { name: 'APP', value: app },
        );
        const portName = app === 'gateway' ? 'http' : 'metrics';
        const port = c.ports.find((p) => p.name === portName);
        assert.equal(port?.containerPort, app === 'gateway' ? httpPort : metricsPort, app);
        assert.equal(c.startupProbe.httpGet.path, '/healthz', app);
        assert.equal(c.livenessProbe.httpGet.path, '/healthz', app);
        assert.equal(c.readinessProbe.httpGet.path, '/readyz', app);
        for (const probe of [c.startupProbe, c.livenessProbe, c.readinessProbe]) {
          assert.equal(probe.httpGet.port, portName, app);
        }
        assert.notEqual(pod.securityContext.runAsUser, 0, app);
        assert.ok(c.securityContext.capabilities.drop.includes('ALL'), app);
        assert.ok(pod.terminationGracePeriodSeconds >= 10, app);
        assert.match(c.resources.requests.memory, /^\d+(Mi|Gi)$/, app);
        assert.match(c.resources.limits.memory, /^\d+(Mi|Gi)$/, app);
        assert.deepEqual(d.spec.selector.matchLabels, { 'app.kubernetes.io/name': app }, app);
        assert.equal(d.spec.template.metadata.labels['app.kubernetes.io/part-of'], 'ton-access');
      }
    });

    void it('gives the apps that prove liteserver answers a writable LITESERVER_TRUST_DIR', () => {
      // The apps whose entry point resolves the liteservers (and so keeps the proven key block).
      const proving = MESH_APPS.filter((app) =>
        readFileSync(join(ROOT, 'apps', app, 'src', 'main.ts'), 'utf8').includes(
          'resolveLiteservers(',
        ),
      );
      assert.deepEqual(proving, ['decoder', 'ingestor', 'liteserver', 'sender']);
      for (const app of MESH_APPS) {
        const pod = TrustPod.parse(appDeployments.get(app)?.spec.template.spec);
        const [c] = pod.containers;
        const dir = c?.env?.find((e) => e.name === 'LITESERVER_TRUST_DIR')?.value;
        if (!proving.includes(app)) {
          assert.equal(dir, undefined, app);
          continue;
        }
        assert.equal(dir, '/var/lib/ton-access/trust', app);
        // readOnlyRootFilesystem: the directory must be a mounted volume, writable, of the pod.
        const mount = c?.volumeMounts.find((m) => m.mountPath === dir);
        assert.deepEqual(mount, { name: 'trust', mountPath: dir }, app);
        const volume = pod.volumes.find((v) => v.name === 'trust');
        assert.deepEqual(volume, { name: 'trust', emptyDir: {} }, app);
      }
    });

    void it('runs one ingestor (lease) and one decoder (in-order, replaced not rolled)', () => {
      assert.equal(appDeployments.get('ingestor')?.spec.replicas, 1);
      assert.equal(appDeployments.get('decoder')?.spec.replicas, 1);
      assert.equal(appDeployments.get('decoder')?.spec.strategy?.type, 'Recreate');
    });

    void it('autoscales gateway, liteserver and query, and budgets disruptions of replicated apps', () => {
      const hpas = ofKind(objects, 'HorizontalPodAutoscaler', ScaleTarget);
      assert.deepEqual(hpas.map((h) => h.spec.scaleTargetRef.name).sort(), [
        'gateway',
        'liteserver',
        'query',
      ]);
      const pdbs = ofKind(objects, 'PodDisruptionBudget', Pdb);
      for (const h of hpas) {
        assert.equal(h.spec.scaleTargetRef.kind, 'Deployment');
        assert.ok(h.spec.minReplicas >= 2 && h.spec.maxReplicas > h.spec.minReplicas);
      }
      for (const [app, d] of appDeployments) {
        const covered = pdbs.filter((p) =>
          matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels),
        );
        if (d.spec.replicas >= 2) {
          assert.equal(covered.length, 1, `${app}: one PodDisruptionBudget`);
          assert.ok((covered[0]?.spec.minAvailable ?? 0) < d.spec.replicas, app);
        } else {
          // A budget over a single replica would block node drains.
          assert.equal(covered.length, 0, `${app}: no PodDisruptionBudget on one replica`);
        }
      }
    });

    void it('has a ServiceMonitor per app on the port that serves /metrics (not on local)', () => {
      const services = ofKind(objects, 'Service', Service);
      const monitors = ofKind(objects, 'ServiceMonitor', ServiceMonitor);
      if (overlay === 'local' && rendered) {
        assert.deepEqual(monitors, [], 'the local overlay drops the ServiceMonitors');
        return;
      }
      assert.deepEqual(monitors.map((m) => m.metadata.name).sort(), MESH_APPS);
      for (const m of monitors) {
        const app = m.metadata.name;
        assert.equal(m.spec.jobLabel, 'app.kubernetes.io/name');
        const svc = services.find((s) => matches(m.spec.selector.matchLabels, s.metadata.labels));
        assert.ok(svc, `${app}: a Service its selector matches`);
        assert.equal(svc.metadata.labels['app.kubernetes.io/name'], app);
        const endpoint = m.spec.endpoints[0];
        assert.ok(endpoint);
        assert.equal(endpoint.path, '/metrics');
        const servicePort = svc.spec.ports.find((p) => p.name === endpoint.port);
        assert.ok(servicePort, `${app}: Service port ${endpoint.port}`);
        const container = appDeployments.get(app)?.spec.template.spec.containers[0];
        const target = container?.ports.find((p) => p.name === servicePort.targetPort);
        assert.ok(target, `${app}: the Service port targets a container port`);
        assert.equal(target.name, app === 'gateway' ? 'http' : 'metrics', app);
      }
    });

    void it('lets only the gateway receive outside traffic, and Prometheus scrape metrics', () => {
      const policies = ofKind(objects, 'NetworkPolicy', NetworkPolicy);
      assert.ok(config);
      const metricsPort = Number(config.data.METRICS_PORT);
      const selects = (app: string) =>
        policies.filter((p) =>
          matches(
            p.spec.podSelector.matchLabels,
            appDeployments.get(app)?.spec.template.metadata.labels ?? {},
          ),
        );
      for (const app of MESH_APPS) {
        const applying = selects(app);
        assert.ok(
          applying.some(
            (p) => p.spec.policyTypes.includes('Ingress') && p.spec.ingress === undefined,
          ),
          `${app}: a default-deny ingress policy selects it`,
        );
        const openRules = applying.flatMap((p) => p.spec.ingress ?? []).filter((r) => !r.from);
        const openPorts = openRules.flatMap((r) => r.ports.map((p) => p.port));
        assert.deepEqual(openPorts, app === 'gateway' ? [8080] : [], `${app}: open to any source`);
        const scrapePorts = applying
          .flatMap((p) => p.spec.ingress ?? [])
          .filter((r) => r.from)
          .flatMap((r) => r.ports.map((p) => p.port));
        assert.deepEqual(scrapePorts, [metricsPort], `${app}: metrics scrape allowed`);
      }
      // The in-cluster NATS, PostgreSQL and localnet of the local overlay are not restricted.
      for (const other of ['nats', 'localnet']) {
        const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === other);
        if (d !== undefined) {
          assert.deepEqual(selects(other), [], other);
        }
      }
    });

    if (overlay === 'local') {
      void it('keeps the localnet chain in --data-dir on a PersistentVolumeClaim of the overlay', () => {
        const localnet = LocalnetDeployment.parse(
          objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'localnet'),
        );
        const pod = localnet.spec.template.spec;
        const [container] = pod.containers;
        assert.ok(container);
        const dataDir = /--data-dir (\S+)/.exec(container.args.join(' '))?.[1];
        assert.equal(dataDir, '/data/localnet');
        assert.equal(container.args.join(' ').includes('--fresh'), false, 'a restart resumes');
        const mount = container.volumeMounts.find((m) => dataDir.startsWith(`${m.mountPath}/`));
        assert.ok(mount, `a volume is mounted above ${dataDir}`);
        const volume = pod.volumes.find((v) => v.name === mount.name);
        const claim = volume?.persistentVolumeClaim?.claimName;
        assert.equal(claim, 'localnet-data', 'the data volume is a PersistentVolumeClaim');
        assert.ok(
          objects.some((o) => o.kind === 'PersistentVolumeClaim' && o.metadata.name === claim),
          `the overlay declares the claim ${claim}`,
        );
        // One writer: a rolling update would start a second localnet on the same journal.
        assert.equal(localnet.spec.strategy.type, 'Recreate');
        assert.equal(localnet.spec.replicas, 1);
      });
    }
  });
}

void describe('k8s/monitoring (kustomization)', () => {
  void it('holds the PrometheusRule and the dashboard ConfigMap, valid against their schemas', () => {
    const objects = rawKustomization('k8s/monitoring');
    assert.deepEqual(
      objects.map((o) => o.kind),
      ['PrometheusRule'],
    );
    assert.deepEqual(schemaErrors(objects), []);
    if (kubectlAvailable) {
      const out = spawnSync('kubectl', ['kustomize', `${ROOT}/k8s/monitoring`], {
        encoding: 'utf8',
      });
      assert.equal(out.status, 0, out.stderr);
      assert.match(out.stdout, /name: ton-access-grafana-dashboard\n/);
      assert.match(out.stdout, /grafana_dashboard: "1"/);
    }
  });
});
