import {
  type CliOption,
  type CliSpec,
  cliInteger,
  CliUsageError,
  parseCommandLine,
} from '@app/config';
import { SIGNATURE_SET_KINDS, type SignatureSetKind } from './chain/local-chain-options';
import { DEFAULT_STATE_HISTORY } from './chain/state-retention';
import { type LocalnetSeedName } from './localnet';

export interface CliOptions {
  readonly seed: LocalnetSeedName;
  readonly liteservers: number;
  readonly signatures: SignatureSetKind;
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

const MAX_HISTORY = 1_000_000_000;

/** `npm run localnet -- …`: its flags, their help and its usage (libs/config command-line). */
export const LOCALNET_CLI = {
  name: 'localnet',
  command: 'npm run localnet --',
  summary:
    'A local TON network on loopback (emulated validator and liteservers) until stopped; writes a global config for clients.',
  options: {
    seed: {
      type: 'string',
      value: 'genesis|mainnet-replay|none',
      help: 'what the chain starts with (default genesis)',
    },
    liteservers: { type: 'string', value: 'N', help: 'liteservers, 1..16 (default 1)' },
    signatures: {
      type: 'string',
      value: 'ordinary|simplex',
      help: 'signature sets of block proofs (default ordinary; simplex: finalize certificates)',
    },
    'block-interval': {
      type: 'string',
      value: 'MS',
      help: 'milliseconds between blocks, 50..60000 (default 400)',
    },
    shards: { type: 'string', value: '1|2', help: 'basechain shards (default 1)' },
    'state-history': {
      type: 'string',
      value: 'MC_BLOCKS',
      help: `masterchain blocks whose states are kept (default ${DEFAULT_STATE_HISTORY})`,
    },
    'block-history': {
      type: 'string',
      value: 'MC_BLOCKS',
      help: 'masterchain blocks whose contents are kept (default: all)',
    },
    host: { type: 'string', value: 'IP', help: 'address to listen on (default 127.0.0.1)' },
    port: {
      type: 'string',
      value: 'FIRST_PORT',
      help: 'first liteserver port (default: any free)',
    },
    'admin-port': {
      type: 'string',
      value: 'PORT',
      help: 'HTTP admin API on 127.0.0.1 (default: none)',
    },
    'config-out': {
      type: 'string',
      value: 'FILE',
      help: 'where the global config is written (default localnet.config.json)',
    },
    'accounts-out': {
      type: 'string',
      value: 'FILE',
      help: 'where the funded test accounts are written (default: not written)',
    },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'keep the chain here and resume it at the next start (default: a new chain each start)',
    },
    fresh: { type: 'boolean', help: 'with --data-dir: start a new chain instead of resuming' },
  },
  environment: ['LOG_LEVEL  pino log level (default info)'],
} as const satisfies CliSpec<Record<string, CliOption>>;

/** The localnet CLI's flags; throws CliUsageError with the offending flag named. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  const { values } = parseCommandLine(LOCALNET_CLI, argv);
  const seed = values.seed ?? 'genesis';
  if (seed !== 'genesis' && seed !== 'mainnet-replay' && seed !== 'none') {
    throw new CliUsageError(`--seed: expected genesis, mainnet-replay or none (got "${seed}")`);
  }
  const signatures = values.signatures ?? 'ordinary';
  if (!isSignatureSetKind(signatures)) {
    throw new CliUsageError(`--signatures: expected ordinary or simplex (got "${signatures}")`);
  }
  const shards = cliInteger('shards', values.shards, 1, 2, 1) === 2 ? 2 : 1;
  if (values.fresh === true && values['data-dir'] === undefined) {
    throw new CliUsageError(
      '--fresh: only with --data-dir (without it every start is a new chain)',
    );
  }
  return {
    seed,
    liteservers: cliInteger('liteservers', values.liteservers, 1, 16, 1),
    signatures,
    blockIntervalMs: cliInteger('block-interval', values['block-interval'], 50, 60_000, 400),
    shards,
    stateHistory: cliInteger(
      'state-history',
      values['state-history'],
      1,
      MAX_HISTORY,
      DEFAULT_STATE_HISTORY,
    ),
    blockHistory: cliInteger('block-history', values['block-history'], 1, MAX_HISTORY),
    host: values.host ?? '127.0.0.1',
    port: cliInteger('port', values.port, 0, 65535, 0),
    adminPort: cliInteger('admin-port', values['admin-port'], 0, 65535),
    configOut: values['config-out'] ?? 'localnet.config.json',
    accountsOut: values['accounts-out'],
    dataDir: values['data-dir'],
    fresh: values.fresh ?? false,
  };
}

function isSignatureSetKind(value: string): value is SignatureSetKind {
  return (SIGNATURE_SET_KINDS as readonly string[]).includes(value);
}
