import { globalRegistry, type z } from 'zod';
import {
  APP_LABELS,
  appEnv,
  type AppName,
  ENV_FRAGMENTS,
  MESH_SERVICES,
  meshServiceEnv,
} from './app-env';

/**
 * docs/configuration.md, rendered from the schema itself: each variable's type and default come from
 * its builder, its meaning from `.describe()`, and who reads it from `appEnv`. `npm run docs:config`
 * writes the file; config-docs.spec.ts fails when the committed file differs.
 */

type Shape = Record<string, z.ZodType>;

interface Section {
  readonly title: string;
  readonly fragment: keyof typeof ENV_FRAGMENTS;
  readonly intro?: string;
}

function shapeOf(section: Section): Shape {
  return ENV_FRAGMENTS[section.fragment];
}

const SECTIONS: readonly Section[] = [
  { title: 'HTTP', fragment: 'httpEnv' },
  { title: 'NATS', fragment: 'natsEnv' },
  { title: 'Database', fragment: 'databaseEnv' },
  {
    title: 'Read replicas',
    fragment: 'databaseReadEnv',
    intro:
      'The query service only; see docs/scaling.md for how reads are routed and what the replicas must be.',
  },
  { title: 'Network and liteservers', fragment: 'tonNetworkEnv' },
  {
    title: 'Local network',
    fragment: 'localnetEnv',
    intro: 'The local TON network `npm start` embeds when `TON_NETWORK=local`.',
  },
  { title: 'Logging', fragment: 'loggingEnv' },
  { title: 'Access log', fragment: 'accessLogEnv' },
  { title: 'Metrics', fragment: 'metricsEnv' },
  { title: 'Ingestor', fragment: 'ingestEnv' },
  { title: 'Sender', fragment: 'senderEnv' },
  { title: 'Stream log', fragment: 'streamLogEnv' },
  { title: 'Query service', fragment: 'queryEnv' },
  {
    title: 'API keys and rate limits',
    fragment: 'edgeEnv',
    intro:
      'API keys live in PostgreSQL (`DATABASE_URL`, or the embedded one of `npm start`; checked once a live key exists), rate-limit counters in Redis (`REDIS_URL`; without it the same limits are counted per process, in memory).',
  },
  {
    title: 'Edge protection',
    fragment: 'edgeProtectionEnv',
    intro:
      'Limits the gateway applies before any method runs (apps/gateway/src/edge/protection). Time values in milliseconds.',
  },
  {
    title: 'Streaming API',
    fragment: 'streamingEnv',
    intro:
      "A key's streaming limits are its plan's `streaming_connections` / `streaming_addresses` (`npm run keys -- plans update … --streaming-connections N --streaming-addresses N`); callers without a key get the limits below per client IP. Counts are shared through Redis when `REDIS_URL` is set, per process otherwise.",
  },
  {
    title: 'Off-chain metadata',
    fragment: 'metadataFetchEnv',
    intro:
      'The decoder\'s fetcher of off-chain token metadata (TEP-64 `uri` content) into `address_metadata`. It requests URLs taken from chain data; docs/operations.md ("Off-chain metadata") describes the SSRF guard.',
  },
];

/** Variables read outside the schema: by the test and CI tooling, never by a running app. */
const TOOLING_VARIABLES: readonly (readonly [string, string, string])[] = [
  [
    'TEST_DATABASE_URL',
    '`postgres://postgres@127.0.0.1:5432/test`',
    'PostgreSQL server the integration and e2e tests create their own databases on.',
  ],
  [
    'TON_FIXTURES_DIR',
    '`fixtures`',
    'Where the tests and the `mainnet-replay` seed read the real chain data from.',
  ],
  ['TEST_CONCURRENCY', '`2`', 'Test files run in parallel by `scripts/run-tests.mjs`.'],
  [
    'TEST_WATCHDOG_MS',
    '`1500000`',
    'A test run still going after this long is stopped and fails (`scripts/run-tests.mjs`).',
  ],
];

interface VariableMeta {
  readonly type?: string;
  readonly default?: string;
  readonly description?: string;
}

function metaOf(schema: z.ZodType): VariableMeta {
  return globalRegistry.get(schema) ?? {};
}

function readersOf(name: string): string {
  const readers = (Object.keys(appEnv) as AppName[]).filter(
    (app) => name in appEnv[app] || (MESH_SERVICES.includes(app) && name in meshServiceEnv),
  );
  return readers.map((app) => APP_LABELS[app]).join(', ');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Every schema variable's problems (no description, no type), for the test to name. */
export function undocumentedVariables(): string[] {
  return SECTIONS.flatMap((s) =>
    Object.entries(shapeOf(s))
      .filter(([, schema]) => {
        const meta = metaOf(schema);
        return meta.description === undefined || meta.type === undefined;
      })
      .map(([name]) => name),
  );
}

/** Every variable some entry point reads, whether or not a section lists it. */
export function readVariables(): string[] {
  const names = new Set<string>(Object.keys(meshServiceEnv));
  for (const shape of Object.values(appEnv)) {
    for (const name of Object.keys(shape)) {
      names.add(name);
    }
  }
  return [...names].sort();
}

/** Every variable the sections list. */
export function documentedVariables(): string[] {
  return SECTIONS.flatMap((s) => Object.keys(shapeOf(s))).sort();
}

export function renderConfigurationDoc(): string {
  const out: string[] = [
    '# Configuration',
    '',
    '<!-- Generated from libs/config by `npm run docs:config`; edit the schema, not this file. -->',
    '',
    'Every app reads its environment once at boot, checks it against its schema (libs/config) and refuses to start with a message naming each bad variable. Empty values count as absent (`NATS_URL=` in a compose file means "no NATS"); variables an app does not read are ignored. "Read by" names the entry points that read a variable: the six mesh apps (`node dist/apps/<app>/src/main.js`), the single-process `standalone` behind `npm start`, and the `ingest` and `keys` command-line tools.',
    '',
  ];
  for (const section of SECTIONS) {
    out.push(`## ${section.title}`, '');
    if (section.intro !== undefined) {
      out.push(section.intro, '');
    }
    out.push(
      `Fragment \`${section.fragment}\`.`,
      '',
      '| Variable | Type / allowed values | Default | Read by | Meaning |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const [name, schema] of Object.entries(shapeOf(section))) {
      const meta = metaOf(schema);
      const fallback = meta.default === undefined ? 'unset' : `\`${meta.default}\``;
      out.push(
        `| \`${name}\` | ${cell(meta.type ?? '')} | ${cell(fallback)} | ${readersOf(name)} | ${cell(meta.description ?? '')} |`,
      );
    }
    out.push('');
  }
  out.push(
    '## Test and CI tooling',
    '',
    'Read by the test helpers and `scripts/run-tests.mjs`, not by the apps.',
    '',
    '| Variable | Default | Meaning |',
    '| --- | --- | --- |',
    ...TOOLING_VARIABLES.map(
      ([name, fallback, meaning]) => `| \`${name}\` | ${fallback} | ${meaning} |`,
    ),
    '',
  );
  return out.join('\n');
}
