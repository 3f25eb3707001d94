import { createServer, type Server } from 'node:http';
import { type Registry } from 'prom-client';

/** A named readiness check: resolves when the dependency works, rejects with the reason otherwise. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export interface OpsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `/metrics`, `/healthz` and `/readyz` for an app without the public HTTP API (liteserver, ingestor,
 * …) in mesh mode, on its own port so Prometheus and the kubelet reach every pod. It serves nothing
 * else: the API surface stays in the gateway (docs/architecture.md).
 */
export async function startOpsServer(options: {
  port: number;
  host?: string;
  registry: Registry;
  checks: readonly ReadinessCheck[];
}): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/metrics') {
      void options.registry.metrics().then((body) => {
        res.writeHead(200, { 'content-type': options.registry.contentType }).end(body);
      });
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path === '/readyz') {
      void readiness(options.checks).then(({ ok, body }) => {
        res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(body);
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port, options.host ?? '0.0.0.0', resolve),
  );
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

async function readiness(
  checks: readonly ReadinessCheck[],
): Promise<{ ok: boolean; body: string }> {
  const details: Record<string, { status: 'up' | 'down'; message?: string }> = {};
  await Promise.all(
    checks.map(async (c) => {
      try {
        await c.check();
        details[c.name] = { status: 'up' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        details[c.name] = { status: 'down', message };
      }
    }),
  );
  const ok = Object.values(details).every((r) => r.status === 'up');
  return { ok, body: JSON.stringify({ status: ok ? 'ok' : 'error', details }) };
}
