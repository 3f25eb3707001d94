import { findFreePort } from '@app/database';
import { startPrivateNats } from './nats-server';
import { type Service, startService } from './processes';

async function natsReachable(url: string): Promise<boolean> {
  const { connect } = await import('@nats-io/transport-node');
  try {
    const nc = await connect({ servers: url, timeout: 1000 });
    await nc.close();
    return true;
  } catch {
    // an unreachable server is the answer asked for, not an error.
    return false;
  }
}

/**
 * The v2 read path in mesh mode: a NATS server of its own (so that no other process on a shared one
 * answers the requests), the liteserver app on the localnet's config and the gateway. Answers the
 * gateway's base URL, or undefined (with a note saying why) when no NATS can be reached. Every
 * process started is pushed to `services`, which the caller stops.
 */
export async function startV2Mesh(
  configPath: string,
  services: Service[],
  notes: string[],
): Promise<string | undefined> {
  const nats = await startPrivateNats();
  if (nats !== undefined) {
    services.push(nats.service);
  }
  const natsUrl = nats?.url ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  if (nats === undefined) {
    notes.push(`no nats-server binary: the mesh ran on the shared NATS at ${natsUrl}`);
  }
  if (!(await natsReachable(natsUrl))) {
    notes.push(`mesh mode skipped: no NATS at ${natsUrl}`);
    return undefined;
  }
  services.push(
    await startService(
      'liteserver',
      'apps/liteserver/src/main.js',
      [],
      {
        NATS_URL: natsUrl,
        LITESERVERS_CONFIG: configPath,
        METRICS_PORT: String(await findFreePort()),
      },
      /liteserver service ready/,
    ),
  );
  const port = await findFreePort();
  services.push(
    await startService(
      'gateway',
      'apps/gateway/src/main.js',
      [],
      {
        NATS_URL: natsUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Throughput, not limits: the edge enforces 1 anonymous request a second without Redis.
        RATE_LIMIT_ANONYMOUS_RPS: '1000000',
      },
      /gateway ready/,
    ),
  );
  return `http://127.0.0.1:${String(port)}`;
}
