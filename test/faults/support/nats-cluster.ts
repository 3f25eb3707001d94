import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort } from '@app/database';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { waitForPort } from '../../integration/support/private-services';

/** One server of the cluster: its name, client URL and process. */
interface ClusterNode {
  readonly name: string;
  readonly port: number;
  readonly clusterPort: number;
  readonly config: string;
  child: ChildProcess | undefined;
}

/**
 * A JetStream cluster of `size` local nats-server processes (routes between all of them, each with
 * its own store and server name) on free ports in `dir`. The machine's shared NATS is never touched.
 */
export class PrivateNatsCluster {
  private constructor(private readonly nodes: readonly ClusterNode[]) {}

  static async start(dir: string, size = 3): Promise<PrivateNatsCluster> {
    const ports = await Promise.all(
      Array.from({ length: size }, async () => ({
        port: await findFreePort(),
        clusterPort: await findFreePort(),
      })),
    );
    const routes = ports.map((p) => `nats-route://127.0.0.1:${String(p.clusterPort)}`);
    const nodes = await Promise.all(
      ports.map(async ({ port, clusterPort }, i) => {
        const name = `n${String(i)}`;
        const store = join(dir, name);
        await mkdir(store, { recursive: true });
        const config = join(store, 'nats.conf');
        await writeFile(
          config,
          [
            `server_name: ${name}`,
            'listen: 127.0.0.1:' + String(port),
            `jetstream { store_dir: "${store}" }`,
            'cluster {',
            '  name: faults',
            `  listen: 127.0.0.1:${String(clusterPort)}`,
            `  routes: [${routes.join(', ')}]`,
            '}',
            '',
          ].join('\n'),
        );
        return { name, port, clusterPort, config, child: undefined };
      }),
    );
    const cluster = new PrivateNatsCluster(nodes);
    await Promise.all(nodes.map((n) => cluster.startNode(n)));
    await cluster.waitForJetStream();
    return cluster;
  }

  /** Every server's client URL, comma-separated (NATS_URL). */
  get url(): string {
    return this.nodes.map((n) => `nats://127.0.0.1:${String(n.port)}`).join(',');
  }

  /** The client URLs of the servers running now. */
  runningUrls(): string[] {
    return this.nodes
      .filter((n) => n.child !== undefined)
      .map((n) => `nats://127.0.0.1:${String(n.port)}`);
  }

  /** SIGKILL the server named `name` (no lame duck, no flush): a node lost. */
  async kill(name: string): Promise<void> {
    const node = this.nodes.find((n) => n.name === name);
    if (node?.child === undefined) {
      throw new Error(`no running server ${name}`);
    }
    const child = node.child;
    node.child = undefined;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.nodes.map(async (node) => {
        const child = node.child;
        node.child = undefined;
        if (child?.exitCode === null) {
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        }
      }),
    );
  }

  private async startNode(node: ClusterNode): Promise<void> {
    node.child = spawn('nats-server', ['-c', node.config], { stdio: 'ignore' });
    await waitForPort(node.port);
  }

  /** Until JetStream has a meta leader and answers account info (the cluster formed). */
  private async waitForJetStream(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const nc = await connect({ servers: this.runningUrls() });
    try {
      for (;;) {
        // jetstreamManager() asks for the account info itself: it fails until a meta leader is elected.
        const ready = await jetstreamManager(nc).then(
          async (jsm) => {
            await jsm.getAccountInfo();
            return true;
          },
          () => false,
        );
        if (ready) {
          return;
        }
        if (Date.now() > deadline) {
          throw new Error('the JetStream cluster did not form');
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await nc.close();
    }
  }
}
