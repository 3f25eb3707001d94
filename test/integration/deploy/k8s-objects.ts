/**
 * The Kubernetes objects the manifest specs check, as far as they check them (zod shapes of
 * Deployments, Services, ServiceMonitors, autoscalers, disruption budgets, NetworkPolicies and
 * ConfigMaps), and their validation against the Kubernetes OpenAPI schemas (kubernetes-models,
 * offline).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { type K8sObject, ROOT } from './deploy-support';

const HttpProbe = z.object({
  httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }),
  periodSeconds: z.number().optional(),
  failureThreshold: z.number().optional(),
});
const Container = z.looseObject({
  name: z.string(),
  image: z.string(),
  env: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).optional(),
  ports: z.array(z.looseObject({ name: z.string(), containerPort: z.number() })).default([]),
  startupProbe: HttpProbe,
  livenessProbe: HttpProbe,
  readinessProbe: HttpProbe,
  resources: z.object({
    requests: z.object({ cpu: z.string(), memory: z.string() }),
    limits: z.looseObject({ memory: z.string() }),
  }),
  securityContext: z.looseObject({
    allowPrivilegeEscalation: z.literal(false),
    readOnlyRootFilesystem: z.literal(true),
    capabilities: z.object({ drop: z.array(z.string()) }),
  }),
});
export const AppDeployment = z.looseObject({
  kind: z.literal('Deployment'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    replicas: z.number(),
    strategy: z.looseObject({ type: z.string() }).optional(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    template: z.looseObject({
      metadata: z.looseObject({ labels: z.record(z.string(), z.string()) }),
      spec: z.looseObject({
        terminationGracePeriodSeconds: z.number(),
        securityContext: z.looseObject({
          runAsNonRoot: z.literal(true),
          runAsUser: z.number(),
          runAsGroup: z.number().optional(),
        }),
        containers: z.array(Container).length(1),
      }),
    }),
  }),
});
export type AppDeployment = z.infer<typeof AppDeployment>;
/** An app's pod as far as its LITESERVER_TRUST_DIR goes: the env, mounts and volumes. */
export const TrustPod = z.looseObject({
  containers: z.array(
    z.looseObject({
      env: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).optional(),
      volumeMounts: z.array(
        z.looseObject({
          name: z.string(),
          mountPath: z.string(),
          readOnly: z.boolean().optional(),
        }),
      ),
    }),
  ),
  volumes: z.array(z.looseObject({ name: z.string() })),
});
/** The local overlay's localnet: its command line, volumes and how it is replaced. */
export const LocalnetDeployment = z.looseObject({
  spec: z.looseObject({
    replicas: z.number(),
    strategy: z.looseObject({ type: z.string() }),
    template: z.looseObject({
      spec: z.looseObject({
        containers: z
          .array(
            z.looseObject({
              args: z.array(z.string()),
              volumeMounts: z.array(z.looseObject({ name: z.string(), mountPath: z.string() })),
            }),
          )
          .length(1),
        volumes: z.array(
          z.looseObject({
            name: z.string(),
            persistentVolumeClaim: z.looseObject({ claimName: z.string() }).optional(),
          }),
        ),
      }),
    }),
  }),
});
const ServicePort = z.looseObject({
  name: z.string(),
  port: z.number(),
  targetPort: z.union([z.string(), z.number()]),
});
export const Service = z.looseObject({
  kind: z.literal('Service'),
  metadata: z.looseObject({ name: z.string(), labels: z.record(z.string(), z.string()) }),
  spec: z.looseObject({
    selector: z.record(z.string(), z.string()),
    ports: z.array(ServicePort),
  }),
});
export const ServiceMonitor = z.looseObject({
  kind: z.literal('ServiceMonitor'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    jobLabel: z.string(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    endpoints: z.array(z.looseObject({ port: z.string(), path: z.string() })).length(1),
  }),
});
export const ScaleTarget = z.looseObject({
  kind: z.literal('HorizontalPodAutoscaler'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    scaleTargetRef: z.object({ apiVersion: z.string(), kind: z.string(), name: z.string() }),
    minReplicas: z.number(),
    maxReplicas: z.number(),
  }),
});
export const Pdb = z.looseObject({
  kind: z.literal('PodDisruptionBudget'),
  spec: z.looseObject({
    minAvailable: z.number().optional(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
  }),
});
export const NetworkPolicy = z.looseObject({
  kind: z.literal('NetworkPolicy'),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.looseObject({
    podSelector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    policyTypes: z.array(z.string()),
    ingress: z
      .array(
        z.looseObject({
          from: z.array(z.unknown()).optional(),
          ports: z.array(z.object({ protocol: z.string(), port: z.number() })),
        }),
      )
      .optional(),
  }),
});
export const ConfigMap = z.looseObject({
  kind: z.literal('ConfigMap'),
  metadata: z.looseObject({ name: z.string() }),
  data: z.record(z.string(), z.string()),
});

export function ofKind<T>(objects: readonly K8sObject[], kind: string, schema: z.ZodType<T>): T[] {
  return objects.filter((o) => o.kind === kind).map((o) => schema.parse(o));
}

export function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** Where kubernetes-models keeps the class of an apiVersion/kind (ESM only, hence a child process). */
const VALIDATOR = `
const input = JSON.parse((await import('node:fs')).readFileSync(0, 'utf8'));
const errors = [];
for (const o of input) {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  const module = group === 'monitoring.coreos.com'
    ? '@kubernetes-models/prometheus-operator/' + o.apiVersion + '/' + o.kind
    : 'kubernetes-models/' + (group === '' ? version : group + '/' + version) + '/' + o.kind;
  try {
    const Model = (await import(module))[o.kind];
    new Model(o).validate();
  } catch (error) {
    errors.push(o.kind + '/' + o.metadata.name + ': ' + String(error.message ?? error).slice(0, 800));
  }
}
process.stdout.write(JSON.stringify(errors));
`;

export function schemaErrors(objects: readonly K8sObject[]): string[] {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', VALIDATOR], {
    cwd: ROOT,
    input: JSON.stringify(objects),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(out.status, 0, out.stderr);
  return z.array(z.string()).parse(JSON.parse(out.stdout));
}
