/**
 * Static checks of docker-compose.yml (no Docker engine runs here): it must start every app of the
 * mesh from the one image with the right APP, a health check, and the dependencies in the right
 * order. YAML is read with the `yaml` package (installed in node_modules as a transitive dependency).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROOT, MESH_APPS } from './repo-apps';

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
