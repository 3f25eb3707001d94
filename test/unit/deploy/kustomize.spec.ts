/**
 * Static checks of the kustomize tree (no cluster runs here): a Deployment and a Service per app of the
 * mesh, the migrations as a Job, and overlays that render. YAML is read with the `yaml` package.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { MESH_APPS, readYamlDocuments, ROOT } from './repo-apps';

const K8sObject = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  metadata: z.object({ name: z.string() }),
  spec: z.unknown().optional(),
});
const Probe = z.object({ httpGet: z.object({ path: z.string(), port: z.string() }) });
const Container = z.object({
  name: z.string(),
  image: z.string(),
  command: z.array(z.string()).optional(),
  env: z.array(z.object({ name: z.string(), value: z.string().optional() })).optional(),
  envFrom: z.array(z.unknown()).optional(),
  ports: z.array(z.object({ name: z.string(), containerPort: z.number() })).optional(),
  livenessProbe: Probe.optional(),
  readinessProbe: Probe.optional(),
  resources: z.object({
    requests: z.object({ cpu: z.string(), memory: z.string() }),
    limits: z.object({ memory: z.string() }),
  }),
});
const PodSpec = z.object({ containers: z.array(Container).length(1) });
const Deployment = z.object({
  kind: z.literal('Deployment'),
  metadata: z.object({ name: z.string() }),
  spec: z.object({
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    template: z.object({
      metadata: z.object({ labels: z.record(z.string(), z.string()) }),
      spec: PodSpec,
    }),
  }),
});
const Service = z.object({
  kind: z.literal('Service'),
  metadata: z.object({ name: z.string() }),
  spec: z.object({
    selector: z.record(z.string(), z.string()),
    ports: z.array(z.object({ name: z.string(), port: z.number(), targetPort: z.string() })),
  }),
});
const Job = z.object({
  kind: z.literal('Job'),
  spec: z.object({ template: z.object({ spec: PodSpec.extend({ restartPolicy: z.string() }) }) }),
});
const Kustomization = z.object({
  kind: z.literal('Kustomization'),
  resources: z.array(z.string()),
  namespace: z.string().optional(),
  patches: z
    .array(z.object({ patch: z.string(), target: z.record(z.string(), z.string()) }))
    .optional(),
});

const readK8s = (...path: string[]): unknown[] => readYamlDocuments('k8s', ...path);

void describe('k8s (kustomize)', () => {
  const base = Kustomization.parse(readK8s('base', 'kustomization.yaml')[0]);
  const objects = base.resources.flatMap((file) => readK8s('base', file));

  void it('base lists only files that exist and parse as Kubernetes objects', () => {
    assert.equal(base.namespace, 'ton-access');
    for (const object of objects) {
      K8sObject.parse(object);
    }
    const kinds = objects.map((o) => K8sObject.parse(o).kind);
    assert.deepEqual([...new Set(kinds)].sort(), [
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Job',
      'Namespace',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Secret',
      'Service',
      'ServiceMonitor',
    ]);
  });

  void it('has a Deployment per app with APP, probes on /healthz and /readyz, and resources', () => {
    const deployments = objects
      .filter((o) => K8sObject.parse(o).kind === 'Deployment')
      .map((o) => Deployment.parse(o));
    assert.deepEqual(deployments.map((d) => d.metadata.name).sort(), MESH_APPS);
    for (const d of deployments) {
      const app = d.metadata.name;
      const [container] = d.spec.template.spec.containers;
      assert.ok(container);
      assert.equal(container.image, 'ton-access:latest', app);
      // The apps with a liteserver pool keep their proven key block (k8s-manifests.int-spec.ts).
      const trust = ['decoder', 'ingestor', 'liteserver', 'sender'].includes(app)
        ? [{ name: 'LITESERVER_TRUST_DIR', value: '/var/lib/ton-access/trust' }]
        : [];
      assert.deepEqual(container.env, [{ name: 'APP', value: app }, ...trust], app);
      const port = app === 'gateway' ? 'http' : 'metrics';
      assert.deepEqual(container.livenessProbe?.httpGet, { path: '/healthz', port }, app);
      assert.deepEqual(container.readinessProbe?.httpGet, { path: '/readyz', port }, app);
      // The gateway serves /metrics on its HTTP port; the other apps on the ops port.
      assert.ok(
        container.ports?.some((p) =>
          app === 'gateway'
            ? p.name === 'http' && p.containerPort === 8080
            : p.name === 'metrics' && p.containerPort === 9100,
        ),
        app,
      );
      assert.deepEqual(d.spec.selector.matchLabels, { 'app.kubernetes.io/name': app });
      assert.equal(d.spec.template.metadata.labels['app.kubernetes.io/name'], app);
    }
  });

  void it('has a Service per app selecting its pods', () => {
    const services = objects
      .filter((o) => K8sObject.parse(o).kind === 'Service')
      .map((o) => Service.parse(o));
    assert.deepEqual(services.map((s) => s.metadata.name).sort(), MESH_APPS);
    for (const s of services) {
      assert.deepEqual(s.spec.selector, { 'app.kubernetes.io/name': s.metadata.name });
    }
  });

  void it('runs the migrations as a Job', () => {
    const job = Job.parse(objects.find((o) => K8sObject.parse(o).kind === 'Job'));
    const [container] = job.spec.template.spec.containers;
    assert.deepEqual(container?.command, ['node', 'dist/libs/database/src/migrate.js']);
    assert.equal(job.spec.template.spec.restartPolicy, 'Never');
  });

  for (const overlay of ['local', 'mainnet', 'testnet']) {
    void it(`overlay ${overlay} builds on the base and sets TON_NETWORK=${overlay}`, () => {
      const k = Kustomization.parse(readK8s('overlays', overlay, 'kustomization.yaml')[0]);
      assert.equal(k.resources[0], '../../base');
      // Files of the overlay's own objects; `../../monitoring` is a kustomization of its own.
      for (const file of k.resources.slice(1).filter((r) => !r.startsWith('../'))) {
        for (const object of readK8s('overlays', overlay, file)) {
          K8sObject.parse(object);
        }
      }
      const configPatch = k.patches?.find((p) => p.target.name === 'ton-access-config');
      assert.ok(configPatch);
      const ops: unknown = parse(configPatch.patch);
      assert.ok(Array.isArray(ops));
      assert.deepEqual(ops[0], { op: 'replace', path: '/data/TON_NETWORK', value: overlay });
    });
  }

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  void it(
    'kubectl kustomize renders every overlay',
    { skip: kubectl.status !== 0 && 'kubectl is not installed' },
    () => {
      for (const overlay of ['local', 'mainnet', 'testnet']) {
        const out = spawnSync('kubectl', ['kustomize', join(ROOT, 'k8s', 'overlays', overlay)], {
          encoding: 'utf8',
        });
        assert.equal(out.status, 0, out.stderr);
        const kinds = parseAllDocuments(out.stdout).map((d) => K8sObject.parse(d.toJS()).kind);
        assert.equal(kinds.filter((k) => k === 'Deployment').length, overlay === 'local' ? 8 : 6);
      }
    },
  );
});
