import { parseArgs } from 'node:util';
import { DEFAULT_STATE_HISTORY } from './chain/state-retention';
import { type LocalnetSeedName } from './localnet';

export interface CliOptions {
  readonly seed: LocalnetSeedName;
  readonly liteservers: number;
  readonly blockIntervalMs: number;
  readonly shards: 1 | 2;
  readonly stateHistory: number;
  /** Absent: every block is kept. */
  readonly blockHistory: number | undefined;
  readonly host: string;
  readonly port: number;
  readonly adminPort: number | undefined;
  readonly configOut: string;
  readonly accountsOut: string | undefined;
  /** Where the chain is kept across restarts; absent: a new chain at every start. */
  readonly dataDir: string | undefined;
  /** With dataDir: start a new chain even when one is kept there. */
  readonly fresh: boolean;
}

export const CLI_USAGE = `usage: npm run localnet -- [--seed genesis|mainnet-replay|none] [--liteservers N]
       [--block-interval MS] [--shards 1|2] [--state-history MC_BLOCKS]
       [--block-history MC_BLOCKS] [--host IP] [--port FIRST_PORT] [--admin-port PORT]
       [--config-out FILE] [--accounts-out FILE] [--data-dir DIR [--fresh]]`;

function int(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) {
    return fallback;
  }
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new Error(`--${name}: expected an integer between ${min} and ${max} (got "${value}")`);
  }
  return n;
}

/** The localnet CLI's flags; throws with the offending flag named. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      seed: { type: 'string' },
      liteservers: { type: 'string' },
      'block-interval': { type: 'string' },
      shards: { type: 'string' },
      'state-history': { type: 'string' },
      'block-history': { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'admin-port': { type: 'string' },
      'config-out': { type: 'string' },
      'accounts-out': { type: 'string' },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean' },
    },
  });
  const seed = values.seed ?? 'genesis';
  if (seed !== 'genesis' && seed !== 'mainnet-replay' && seed !== 'none') {
    throw new Error(`--seed: expected genesis, mainnet-replay or none (got "${seed}")`);
  }
  const shards = int('shards', values.shards, 1, 2, 1) === 2 ? 2 : 1;
  if (values.fresh === true && values['data-dir'] === undefined) {
    throw new Error('--fresh: only with --data-dir (without it every start is a new chain)');
  }
  return {
    seed,
    liteservers: int('liteservers', values.liteservers, 1, 16, 1),
    blockIntervalMs: int('block-interval', values['block-interval'], 50, 60_000, 400),
    shards,
    stateHistory: int(
      'state-history',
      values['state-history'],
      1,
      1_000_000_000,
      DEFAULT_STATE_HISTORY,
    ),
    blockHistory:
      values['block-history'] === undefined
        ? undefined
        : int('block-history', values['block-history'], 1, 1_000_000_000, 0),
    host: values.host ?? '127.0.0.1',
    port: int('port', values.port, 0, 65535, 0),
    adminPort:
      values['admin-port'] === undefined
        ? undefined
        : int('admin-port', values['admin-port'], 0, 65535, 0),
    configOut: values['config-out'] ?? 'localnet.config.json',
    accountsOut: values['accounts-out'],
    dataDir: values['data-dir'],
    fresh: values.fresh ?? false,
  };
}
