import { createHash } from 'node:crypto';
import type { AdnlLogger } from '../adnl';
import type { ChainReader } from '../chain/chain-reader';
import { LiteServerNode } from './lite-server-node';

export interface StartLiteServersOptions {
  readonly count: number;
  readonly host?: string;
  /** First port; node i listens on basePort + i. 0 (default) = ephemeral ports. */
  readonly basePort?: number;
  /** Seed material for the nodes' keys: node i's ed25519 seed is sha256(keySeed ‖ i). Default: a fixed
   *  localnet seed, so restarts keep the same keys (and global config). */
  readonly keySeed?: Buffer | string;
  readonly logger?: AdnlLogger;
}

const DEFAULT_KEY_SEED = 'ton-access localnet liteserver';

export function liteServerSeed(keySeed: Buffer | string, index: number): Buffer {
  const i = Buffer.alloc(4);
  i.writeUInt32BE(index, 0);
  return createHash('sha256').update(keySeed).update(i).digest();
}

/** Starts `count` liteserver nodes on one chain; on a failure, the ones already started are closed. */
export async function startLiteServers(
  chain: ChainReader,
  options: StartLiteServersOptions,
): Promise<LiteServerNode[]> {
  if (!Number.isInteger(options.count) || options.count < 1) {
    throw new Error('count must be a positive integer');
  }
  const basePort = options.basePort ?? 0;
  const nodes: LiteServerNode[] = [];
  try {
    for (let i = 0; i < options.count; i++) {
      const node = new LiteServerNode(chain, {
        seed: liteServerSeed(options.keySeed ?? DEFAULT_KEY_SEED, i),
        host: options.host ?? '127.0.0.1',
        port: basePort === 0 ? 0 : basePort + i,
        ...(options.logger ? { logger: options.logger } : {}),
      });
      await node.start();
      nodes.push(node);
    }
  } catch (err) {
    await Promise.all(nodes.map((n) => n.close()));
    throw err;
  }
  return nodes;
}
