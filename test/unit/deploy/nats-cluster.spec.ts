/**
 * Static checks of the NATS the kustomize overlays run (no cluster here): mainnet and testnet run a
 * three-node JetStream cluster (k8s/nats-cluster) whose routes, names, volumes and Services agree
 * with each other and with the apps' NATS_URL, and whose NATS_STREAM_REPLICAS the cluster can hold
 * while one node is away; the local overlay's single server keeps one replica.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { natsEnv } from '@app/config';
import { z } from 'zod';
import {
  type K8sObject,
  kubectlAvailable,
  renderOverlay,
} from '../../integration/deploy/deploy-support';

/** Patches apply only when kubectl renders the overlay; without it the raw objects are checked. */
const NEEDS_KUSTOMIZE = { skip: kubectlAvailable ? false : 'kubectl is not installed' };

const Labels = z.record(z.string(), z.string());
const StatefulSet = z.looseObject({
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    serviceName: z.string(),
    replicas: z.number(),
    podManagementPolicy: z.string(),
    selector: z.object({ matchLabels: Labels }),
    template: z.looseObject({
      metadata: z.looseObject({ labels: Labels }),
      spec: z.looseObject({
        containers: z
          .array(
            z.looseObject({
              args: z.array(z.string()),
              env: z.array(
                z.looseObject({
                  name: z.string(),
                  valueFrom: z.object({ fieldRef: z.object({ fieldPath: z.string() }) }).optional(),
                }),
              ),
              ports: z.array(z.looseObject({ name: z.string(), containerPort: z.number() })),
              volumeMounts: z.array(z.looseObject({ name: z.string(), mountPath: z.string() })),
              lifecycle: z.looseObject({
                preStop: z.object({ exec: z.object({ command: z.array(z.string()) }) }),
              }),
            }),
          )
          .length(1),
        volumes: z.array(
          z.looseObject({
            name: z.string(),
            configMap: z.object({ name: z.string() }).optional(),
          }),
        ),
      }),
    }),
    volumeClaimTemplates: z.array(
      z.looseObject({
        metadata: z.looseObject({ name: z.string() }),
        spec: z.looseObject({
          resources: z.object({ requests: z.object({ storage: z.string() }) }),
        }),
      }),
    ),
  }),
});
const Service = z.looseObject({
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    clusterIP: z.string().optional(),
    publishNotReadyAddresses: z.boolean().optional(),
    selector: Labels,
    ports: z.array(z.looseObject({ name: z.string(), port: z.number(), targetPort: z.string() })),
  }),
});
const ConfigMap = z.looseObject({
  metadata: z.looseObject({ name: z.string() }),
  data: z.record(z.string(), z.string()),
});
const Pdb = z.looseObject({
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({ maxUnavailable: z.number(), selector: z.object({ matchLabels: Labels }) }),
});

function one<T>(
  objects: readonly K8sObject[],
  kind: string,
  name: string,
  schema: z.ZodType<T>,
): T {
  const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
  assert.equal(found.length, 1, `${kind}/${name}`);
  return schema.parse(found[0]);
}

const selects = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The value of `key` in a nats.conf (`key: value` on its own line). */
function confValue(conf: string, key: string): string | undefined {
  return new RegExp(`^\\s*${key}:\\s*(\\S+)\\s*$`, 'm').exec(conf)?.[1];
}

/** NATS_STREAM_REPLICAS as the apps read it from the rendered ConfigMap. */
function streamReplicasOf(objects: readonly K8sObject[]): number {
  const config = one(objects, 'ConfigMap', 'ton-access-config', ConfigMap);
  return natsEnv.NATS_STREAM_REPLICAS.parse(config.data.NATS_STREAM_REPLICAS);
}

for (const overlay of ['mainnet', 'testnet'] as const) {
  void describe(`k8s overlay ${overlay}: NATS`, () => {
    const { objects, rendered } = renderOverlay(overlay);

    void it('runs a three-node JetStream StatefulSet with a persistent volume each', () => {
      const set = one(objects, 'StatefulSet', 'nats', StatefulSet);
      assert.equal(set.spec.replicas, 3);
      assert.equal(set.spec.podManagementPolicy, 'Parallel');
      assert.ok(selects(set.spec.selector.matchLabels, set.spec.template.metadata.labels));
      const [container] = set.spec.template.spec.containers;
      assert.ok(container);
      const [claim] = set.spec.volumeClaimTemplates;
      assert.equal(claim?.metadata.name, 'data');
      assert.match(claim.spec.resources.requests.storage, /^\d+Gi$/);
      const conf = one(objects, 'ConfigMap', 'nats-config', ConfigMap).data['nats.conf'] ?? '';
      // JetStream stores on the claimed volume, the config comes from the ConfigMap.
      const storeDir = /jetstream\s*\{[^}]*store_dir:\s*(\S+)/.exec(conf)?.[1];
      const mountOf = (volume: string) =>
        container.volumeMounts.find((m) => m.name === volume)?.mountPath;
      assert.equal(storeDir, mountOf('data'));
      const configVolume = set.spec.template.spec.volumes.find(
        (v) => v.configMap?.name === 'nats-config',
      );
      assert.ok(configVolume);
      assert.deepEqual(container.args, ['-c', `${mountOf(configVolume.name) ?? ''}/nats.conf`]);
      // Each server named by its pod: JetStream tells peers apart by server name.
      assert.equal(confValue(conf, 'server_name'), '$POD_NAME');
      assert.equal(
        container.env.find((e) => e.name === 'POD_NAME')?.valueFrom?.fieldRef.fieldPath,
        'metadata.name',
      );
      // Lame duck on stop, through the pid file the server writes on a mounted directory.
      const pidFile = confValue(conf, 'pid_file') ?? '';
      assert.deepEqual(container.lifecycle.preStop.exec.command, [
        'nats-server',
        '--signal',
        `ldm=${pidFile}`,
      ]);
      assert.ok(container.volumeMounts.some((m) => pidFile.startsWith(`${m.mountPath}/`)));
    });

    void it('routes the cluster to every pod by its stable name on the headless Service', () => {
      const set = one(objects, 'StatefulSet', 'nats', StatefulSet);
      const headless = one(objects, 'Service', set.spec.serviceName, Service);
      assert.equal(headless.spec.clusterIP, 'None');
      assert.equal(headless.spec.publishNotReadyAddresses, true);
      assert.ok(selects(headless.spec.selector, set.spec.template.metadata.labels));
      const conf = one(objects, 'ConfigMap', 'nats-config', ConfigMap).data['nats.conf'] ?? '';
      const clusterBlock = /cluster\s*\{([\s\S]*?)\n\s*\}/.exec(conf)?.[1] ?? '';
      const clusterPort = Number(confValue(clusterBlock, 'port'));
      const routes = [...clusterBlock.matchAll(/nats:\/\/([a-z0-9-]+)\.([a-z0-9-]+):(\d+)/g)].map(
        ([, pod, service, port]) => ({ pod, service, port: Number(port) }),
      );
      const pods = Array.from({ length: set.spec.replicas }, (_, i) => `nats-${String(i)}`);
      assert.deepEqual(
        routes,
        pods.map((pod) => ({ pod, service: set.spec.serviceName, port: clusterPort })),
      );
      const [container] = set.spec.template.spec.containers;
      assert.equal(container?.ports.find((p) => p.name === 'cluster')?.containerPort, clusterPort);
      assert.deepEqual(
        headless.spec.ports.map((p) => [p.port, p.targetPort]),
        [[clusterPort, 'cluster']],
      );
    });

    void it("serves the apps' NATS_URL and keeps a quorum through disruptions", () => {
      const set = one(objects, 'StatefulSet', 'nats', StatefulSet);
      const client = one(objects, 'Service', 'nats', Service);
      assert.ok(selects(client.spec.selector, set.spec.template.metadata.labels));
      const config = one(objects, 'ConfigMap', 'ton-access-config', ConfigMap);
      const natsUrl = new URL(config.data.NATS_URL ?? '');
      assert.equal(natsUrl.hostname, 'nats');
      const port = client.spec.ports.find((p) => p.port === Number(natsUrl.port));
      assert.equal(port?.targetPort, 'client');
      const pdb = one(objects, 'PodDisruptionBudget', 'nats', Pdb);
      assert.ok(selects(pdb.spec.selector.matchLabels, set.spec.template.metadata.labels));
      const quorum = Math.floor(set.spec.replicas / 2) + 1;
      assert.equal(pdb.spec.maxUnavailable, set.spec.replicas - quorum);
    });

    void it(
      'keeps every stream and KV bucket on three servers (NATS_STREAM_REPLICAS=3)',
      NEEDS_KUSTOMIZE,
      () => {
        assert.ok(rendered);
        const replicas = streamReplicasOf(objects);
        assert.equal(replicas, 3);
        const set = one(objects, 'StatefulSet', 'nats', StatefulSet);
        assert.ok(replicas <= set.spec.replicas);
      },
    );
  });
}

void describe('k8s overlay local: NATS', () => {
  void it('runs one server and keeps one replica of each stream', NEEDS_KUSTOMIZE, () => {
    const { objects, rendered } = renderOverlay('local');
    assert.ok(rendered);
    assert.equal(
      objects.filter((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats').length,
      0,
    );
    assert.equal(streamReplicasOf(objects), 1);
  });
});
