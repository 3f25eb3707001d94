/**
 * Static checks of the deployment files (no Docker engine or cluster runs here): docker-compose.yml,
 * the Dockerfile and the kustomize tree must start every app of the mesh from the one image with the
 * right APP, a health check, and the dependencies in the right order. YAML is read with the `yaml`
 * package (installed in node_modules as a transitive dependency).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';

const ROOT = process.cwd();
/** Every app with an entry point, except the single-process launcher and the localnet tool. */
const MESH_APPS = readdirSync(join(ROOT, 'apps'))
  .filter((app) => existsSync(join(ROOT, 'apps', app, 'src', 'main.ts')))
  .filter((app) => app !== 'standalone' && app !== 'localnet')
  .sort();

const HealthCheck = z.object({
  test: z.array(z.string()).min(2).optional(),
  interval: z.string().optional(),
  timeout: z.string().optional(),
  retries: z.number().optional(),
  disable: z.boolean().optional(),
});
const DependsOn = z.record(
  z.string(),
  z.object({ condition: z.string(), required: z.boolean().optional() }),
);
const ComposeService = z.object({
  image: z.string().optional(),
  build: z.object({ context: z.string() }).optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  environment: z.record(z.string(), z.string()).optional(),
  profiles: z.array(z.string()).optional(),
  depends_on: DependsOn.optional(),
  healthcheck: HealthCheck.optional(),
  volumes: z.array(z.string()).optional(),
  networks: z.union([z.array(z.string()), z.record(z.string(), z.unknown())]).optional(),
  ports: z.array(z.string()).optional(),
});
const Compose = z.object({
  services: z.record(z.string(), ComposeService),
  networks: z.record(z.string(), z.unknown()),
  volumes: z.record(z.string(), z.unknown()),
});

function readCompose(): z.infer<typeof Compose> {
  const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
  return Compose.parse(parse(text, { merge: true }));
}

function service(name: string): z.infer<typeof ComposeService> {
  const svc = readCompose().services[name];
  assert.ok(svc, `docker-compose.yml has no service "${name}"`);
  return svc;
}

void describe('deployment: the mesh apps', () => {
  void it('are the six mesh apps', () => {
    assert.deepEqual(MESH_APPS, [
      'decoder',
      'gateway',
      'ingestor',
      'liteserver',
      'query',
      'sender',
    ]);
  });
});

void describe('docker-compose.yml', () => {
  void it('is valid against the Compose Specification schema (the one dclint ships)', () => {
    // The compose-spec JSON schema (draft-07) as bundled by dclint, a maintained Compose linter; read
    // from node_modules so the check runs offline. `docker compose config` would need the engine.
    const { $schema: draft, ...schema } = JSON.parse(
      readFileSync(join(ROOT, 'node_modules', 'dclint', 'schemas', 'compose.schema.json'), 'utf8'),
    ) as { $schema: string };
    // Ajv knows draft-07 as http://json-schema.org/draft-07/schema#; the file names it over https.
    assert.match(draft, /draft-07/);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const document: unknown = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    });
    const valid = validate(document);
    assert.equal(valid, true, ajv.errorsText(validate.errors, { separator: '\n' }));
    // The schema must be able to fail: an unknown service key is rejected.
    assert.equal(validate({ services: { x: { image: 'a', healthcheck: { tests: [] } } } }), false);
  });

  const APP_IMAGE = '${TON_ACCESS_IMAGE:-ton-access:local}';

  void it('runs every app from the one image with APP, the mesh env and all three profiles', () => {
    for (const app of MESH_APPS) {
      const svc = service(app);
      assert.equal(svc.image, APP_IMAGE, app);
      assert.equal(svc.build?.context, '.', app);
      assert.equal(svc.environment?.APP, app, app);
      assert.equal(svc.environment.NATS_URL, 'nats://nats:4222', app);
      assert.equal(svc.environment.DATABASE_URL, 'postgres://ton:ton@postgres:5432/ton', app);
      assert.equal(
        svc.environment.LITESERVERS_CONFIG,
        '${LITESERVERS_CONFIG-/shared/localnet.config.json}',
        app,
      );
      assert.equal(svc.environment.TON_NETWORK, '${TON_NETWORK:-local}', app);
      assert.deepEqual(svc.profiles, ['local', 'mainnet', 'testnet'], app);
      assert.deepEqual(svc.volumes, ['shared:/shared:ro'], app);
    }
  });

  void it('gives every app a health check on /healthz (gateway on PORT, others on METRICS_PORT)', () => {
    for (const app of MESH_APPS) {
      const test = service(app).healthcheck?.test ?? [];
      assert.equal(test[0], 'CMD', app);
      const script = test.join(' ');
      assert.match(script, /\/healthz/, app);
      assert.match(
        script,
        app === 'gateway' ? /process\.env\.PORT\b/ : /process\.env\.METRICS_PORT\b/,
        app,
      );
    }
    assert.deepEqual(service('gateway').ports, ['${GATEWAY_PORT:-8080}:8080']);
  });

  void it('starts apps only after NATS, PostgreSQL, the migrations and (locally) the localnet', () => {
    for (const app of MESH_APPS) {
      assert.deepEqual(
        service(app).depends_on,
        {
          nats: { condition: 'service_healthy' },
          postgres: { condition: 'service_healthy' },
          migrate: { condition: 'service_completed_successfully' },
          localnet: { condition: 'service_healthy', required: false },
          // The gateways share their rate-limit counters in Redis.
          ...(app === 'gateway' ? { redis: { condition: 'service_healthy' } } : {}),
        },
        app,
      );
    }
    assert.equal(service('gateway').environment?.REDIS_URL, 'redis://redis:6379');
    assert.deepEqual(service('redis').healthcheck?.test, ['CMD', 'redis-cli', 'ping']);
  });

  void it('checks PostgreSQL with pg_isready and NATS (JetStream on) on its monitoring port', () => {
    assert.deepEqual(service('postgres').healthcheck?.test, [
      'CMD',
      'pg_isready',
      '-U',
      'ton',
      '-d',
      'ton',
    ]);
    const nats = service('nats');
    assert.deepEqual(nats.command, ['-js', '-sd', '/data', '-m', '8222']);
    assert.deepEqual(nats.healthcheck?.test, [
      'CMD',
      'wget',
      '-q',
      '-O',
      '/dev/null',
      'http://127.0.0.1:8222/healthz?js-enabled-only=true',
    ]);
  });

  void it('runs the migrations once, after PostgreSQL is healthy', () => {
    const migrate = service('migrate');
    assert.equal(migrate.image, APP_IMAGE);
    assert.deepEqual(migrate.command, ['node', 'dist/libs/database/src/migrate.js']);
    assert.deepEqual(migrate.depends_on, { postgres: { condition: 'service_healthy' } });
    assert.equal(migrate.healthcheck?.disable, true);
    assert.equal(migrate.profiles, undefined, 'migrations run in every profile');
  });

  void it('runs the localnet only in the local profile, publishing its config on the shared volume', () => {
    const localnet = service('localnet');
    assert.deepEqual(localnet.profiles, ['local']);
    const command = Array.isArray(localnet.command) ? localnet.command.join(' ') : '';
    assert.match(command, /node dist\/apps\/localnet\/src\/cli\.js /);
    assert.match(command, /--config-out \/shared\/localnet\.config\.json/);
    assert.match(command, /--host 172\.28\.0\.10 /);
    assert.deepEqual(localnet.healthcheck?.test, [
      'CMD',
      'test',
      '-s',
      '/shared/localnet.config.json',
    ]);
    assert.deepEqual(localnet.volumes, ['shared:/shared']);
    assert.deepEqual(localnet.networks, { ton: { ipv4_address: '172.28.0.10' } });
    assert.deepEqual(readCompose().networks, {
      ton: { ipam: { config: [{ subnet: '172.28.0.0/24' }] } },
    });
  });

  void it('declares the volumes it uses', () => {
    assert.deepEqual(Object.keys(readCompose().volumes).sort(), [
      'grafanadata',
      'natsdata',
      'pgdata',
      'promdata',
      'shared',
    ]);
  });
});

void describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

  void it('builds in one stage and runs production dependencies as a non-root user under tini', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\S+)$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(stages, [
      ['${NODE_IMAGE}', 'build'],
      ['${NODE_IMAGE}', 'prod-deps'],
      ['${NODE_IMAGE}', 'runtime'],
    ]);
    assert.match(dockerfile, /^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    assert.match(dockerfile, /^RUN npm run build$/m);
    assert.match(dockerfile, /^RUN npm ci --omit=dev /m);
    assert.match(dockerfile, /^USER node$/m);
    assert.match(dockerfile, /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    assert.match(
      dockerfile,
      /^CMD \["sh", "-c", "exec node dist\/apps\/\$\{APP\}\/src\/main\.js"\]$/m,
    );
    assert.match(dockerfile, /^ARG APP=gateway$/m);
    assert.match(dockerfile, /^ENV APP=\$\{APP\}$/m);
    assert.match(dockerfile, /^HEALTHCHECK .*\n\s+CMD \["node", "-e", ".*\/healthz/m);
  });

  void it('keeps node_modules, dist and local state out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', '.git', '.tmp', '.data']) {
      assert.ok(ignored.includes(entry), `.dockerignore lacks ${entry}`);
    }
  });
});

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

function readK8s(...path: string[]): unknown[] {
  const text = readFileSync(join(ROOT, 'k8s', ...path), 'utf8');
  return parseAllDocuments(text).flatMap((doc) => {
    if (!('toJS' in doc)) {
      return [];
    }
    assert.deepEqual(doc.errors, [], `${path.join('/')}: ${String(doc.errors[0])}`);
    const value: unknown = doc.toJS();
    return value === null ? [] : [value];
  });
}

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
