import { type CliSpec, CliUsageError, parseCommandLine, TON_NETWORKS } from '@app/config';
import { isWellFormedApiKey } from './api-key-secret';

/** `npm run keys -- …`: its commands, flags and usage (libs/config command-line). */
export const KEYS_CLI = {
  name: 'keys',
  command: 'npm run keys --',
  summary:
    'Plans and API keys in PostgreSQL. A change is announced to running gateways over NATS, so a revoked key stops working at once. Exit codes: 0 done, 1 refused or failed, 2 bad command line.',
  synopsis: [
    'plans create --name NAME --rps N [--burst N] [--networks mainnet,testnet,local]',
    '             [--streaming-connections N] [--streaming-addresses N]',
    'plans update --name NAME [--rps N] [--burst N] [--networks LIST]',
    '             [--streaming-connections N] [--streaming-addresses N]',
    'plans list',
    'create --plan NAME [--label TEXT]     prints the new key alone on its last line (shown once)',
    'list',
    'revoke KEY | revoke --id ID',
  ],
  options: {
    name: {
      type: 'string',
      value: 'NAME',
      help: "a plan's name: 1-64 letters, digits, '_', '.', '-'",
    },
    rps: {
      type: 'string',
      value: 'N',
      help: 'requests per second, shared by all keys of the plan',
    },
    burst: {
      type: 'string',
      value: 'N',
      help: 'extra requests the plan may spend over 10 s (default 0)',
    },
    networks: {
      type: 'string',
      value: 'LIST',
      help: `networks the plan's keys may use, comma-separated (default ${TON_NETWORKS.join(',')})`,
    },
    'streaming-connections': {
      type: 'string',
      value: 'N',
      help: 'parallel Streaming API connections per key, 0 refuses (default 2)',
    },
    'streaming-addresses': {
      type: 'string',
      value: 'N',
      help: 'addresses each key may subscribe to (default 1000)',
    },
    plan: { type: 'string', value: 'NAME', help: 'the plan of a new key' },
    label: {
      type: 'string',
      value: 'TEXT',
      help: "a note on the key (who it's for), at most 200 characters",
    },
    id: { type: 'string', value: 'ID', help: 'a key by its id, as `list` shows it' },
  },
  maxPositionals: 2,
  environment: [
    'DATABASE_URL  PostgreSQL holding the keys (required)',
    'NATS_URL      tells running gateways at once (optional; else within API_KEY_CACHE_TTL_MS)',
  ],
} as const satisfies CliSpec<Record<string, { type: 'string'; value: string; help: string }>>;

/** A mistake in the command line: one line on stderr, exit code 2. */
export class KeysUsageError extends CliUsageError {
  override readonly name = 'KeysUsageError';
}

export type KeysCommand =
  | {
      readonly kind: 'plans-create';
      readonly name: string;
      readonly rps: number;
      readonly burst: number;
      readonly networks: readonly string[];
      /** Absent: the column default (2 connections, 1000 addresses per key). */
      readonly streamingConnections?: number | undefined;
      readonly streamingAddresses?: number | undefined;
    }
  | {
      readonly kind: 'plans-update';
      readonly name: string;
      readonly rps?: number | undefined;
      readonly burst?: number | undefined;
      readonly networks?: readonly string[] | undefined;
      readonly streamingConnections?: number | undefined;
      readonly streamingAddresses?: number | undefined;
    }
  | { readonly kind: 'plans-list' }
  | { readonly kind: 'create'; readonly plan: string; readonly label?: string | undefined }
  | { readonly kind: 'list' }
  | { readonly kind: 'revoke'; readonly key: string }
  | { readonly kind: 'revoke-id'; readonly id: number };

const MAX_RATE = 1_000_000;

function planName(value: string | undefined, flag: string): string {
  if (value === undefined) {
    throw new KeysUsageError(`${flag} is required`);
  }
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) {
    throw new KeysUsageError(`${flag} must be 1-64 letters, digits, '_', '.' or '-'`);
  }
  return value;
}

function integer(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > MAX_RATE) {
    throw new KeysUsageError(`${flag} must be an integer ${min}..${MAX_RATE}`);
  }
  return n;
}

function networks(value: string | undefined): string[] | undefined {
  if (value === undefined) {
    return undefined;
  }
  const list = [...new Set(value.split(',').map((n) => n.trim()))];
  const known: readonly string[] = TON_NETWORKS;
  if (list.length === 0 || list.some((n) => !known.includes(n))) {
    throw new KeysUsageError(`--networks must list some of ${TON_NETWORKS.join(', ')}`);
  }
  return list;
}

/** Parses `npm run keys -- …` arguments into one command. */
export function parseKeysCommand(argv: readonly string[]): KeysCommand {
  const { values, positionals } = parseArgsOrUsage(argv);
  const [first, second] = positionals;
  const expectPositionals = (count: number): void => {
    if (positionals.length !== count) {
      throw new KeysUsageError(`unexpected argument '${positionals[count] ?? ''}'`);
    }
  };
  const allowFlags = (...allowed: string[]): void => {
    const extra = Object.keys(values).filter((flag) => !allowed.includes(flag));
    if (extra.length > 0) {
      throw new KeysUsageError(`--${extra[0] ?? ''} is not an option of this command`);
    }
  };
  if (first === 'plans') {
    if (second === 'create') {
      expectPositionals(2);
      allowFlags('name', 'rps', 'burst', 'networks', ...STREAMING_FLAGS);
      const rps = integer(values.rps, '--rps', 1);
      if (rps === undefined) {
        throw new KeysUsageError('--rps is required');
      }
      return {
        kind: 'plans-create',
        name: planName(values.name, '--name'),
        rps,
        burst: integer(values.burst, '--burst', 0) ?? 0,
        networks: networks(values.networks) ?? [...TON_NETWORKS],
        ...streamingLimits(values),
      };
    }
    if (second === 'update') {
      expectPositionals(2);
      allowFlags('name', 'rps', 'burst', 'networks', ...STREAMING_FLAGS);
      const change = {
        rps: integer(values.rps, '--rps', 1),
        burst: integer(values.burst, '--burst', 0),
        networks: networks(values.networks),
        ...streamingLimits(values),
      };
      if (Object.values(change).every((value) => value === undefined)) {
        throw new KeysUsageError(
          'plans update needs --rps, --burst, --networks, --streaming-connections or --streaming-addresses',
        );
      }
      return { kind: 'plans-update', name: planName(values.name, '--name'), ...change };
    }
    if (second === 'list') {
      expectPositionals(2);
      allowFlags();
      return { kind: 'plans-list' };
    }
    throw new KeysUsageError(`unknown command 'plans ${second ?? ''}'`);
  }
  if (first === 'create') {
    expectPositionals(1);
    allowFlags('plan', 'label');
    if (values.label !== undefined && values.label.length > 200) {
      throw new KeysUsageError('--label must be at most 200 characters');
    }
    return { kind: 'create', plan: planName(values.plan, '--plan'), label: values.label };
  }
  if (first === 'list') {
    expectPositionals(1);
    allowFlags();
    return { kind: 'list' };
  }
  if (first === 'revoke') {
    allowFlags('id');
    if (values.id !== undefined) {
      expectPositionals(1);
      const id = integer(values.id, '--id', 1);
      return { kind: 'revoke-id', id: id ?? 0 };
    }
    expectPositionals(2);
    if (second === undefined || !isWellFormedApiKey(second)) {
      throw new KeysUsageError('revoke needs a key (64 hex digits) or --id ID');
    }
    return { kind: 'revoke', key: second };
  }
  throw new KeysUsageError(
    first === undefined ? 'a command is required' : `unknown command '${first}'`,
  );
}

type FlagName = keyof typeof KEYS_CLI.options;

const STREAMING_FLAGS = ['streaming-connections', 'streaming-addresses'];

/** The plan's Streaming API limits per key; absent flags stay undefined. */
function streamingLimits(values: Partial<Record<FlagName, string>>): {
  streamingConnections?: number;
  streamingAddresses?: number;
} {
  const connections = integer(values['streaming-connections'], '--streaming-connections', 0);
  const addresses = integer(values['streaming-addresses'], '--streaming-addresses', 0);
  return {
    ...(connections === undefined ? {} : { streamingConnections: connections }),
    ...(addresses === undefined ? {} : { streamingAddresses: addresses }),
  };
}

function parseArgsOrUsage(argv: readonly string[]): {
  values: Partial<Record<FlagName, string>>;
  positionals: readonly string[];
} {
  try {
    return parseCommandLine(KEYS_CLI, argv);
  } catch (error: unknown) {
    throw new KeysUsageError(error instanceof Error ? error.message : String(error));
  }
}
