// Type-aware lint at zero warnings (house style 3.8). Boundaries: apps never import apps (except the
// single-process launcher, the composition root, through the apps' entries), libs never import apps,
// the framework-free libs (contracts, ton, actions, classify, v3-render) import no framework, and
// code outside an app (tests, benchmarks, scripts, other apps' tests) reaches it only through its
// entry: `@app/<app>` (apps/<app>/src/index.ts) or, for test-only fixtures, `@app/<app>/testing`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const appNames = [
  'gateway',
  'liteserver',
  'ingestor',
  'decoder',
  'query',
  'sender',
  'localnet',
  'standalone',
];
const frameworkPackages = [
  '@nestjs/*',
  'typeorm',
  'pg',
  '@nats-io/*',
  'fastify',
  'prom-client',
  'pino',
];

// The gateway's one use of PostgreSQL is the API key store (docs/architecture.md, "The gateway and
// PostgreSQL"): everything else it serves comes over NATS.
const gatewayDatabaseRole = {
  name: '@app/database',
  allowImportNames: [
    'ActiveApiKey',
    'ApiKeyRecord',
    'ApiKeyRepository',
    'ApiKeyStore',
    'ApiKeyStoreError',
    'ApiPlan',
    'openApiKeyStore',
  ],
  message: 'The gateway reads PostgreSQL only for API keys; ask the query service over NATS.',
};

const appSources = (apps) => ({
  regex: `(^|/)apps/(${apps.join('|')})/|^(\\.\\./)+(${apps.join('|')})/(src|test)(/|$)`,
  message: 'Reach an app through its entry, `@app/<app>` (apps/<app>/src/index.ts).',
});
const libInternals = {
  regex: '^@app/[a-z0-9-]+/(?!testing$)',
  message: 'Import libs and apps through their @app/<name> entry.',
};

/**
 * Inside `app`: its sources never import another app; its own tests (apps/<app>/test) may drive
 * other apps (the local network above all) through their entries, never their sources.
 */
function appBoundary(app) {
  const others = appNames.filter((a) => a !== app);
  const paths = app === 'gateway' ? [gatewayDatabaseRole] : [];
  return [
    {
      files: [`apps/${app}/src/**/*.ts`],
      ignores: [`apps/${app}/src/**/*.spec.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(^|/)apps/(${others.join('|')})/|^(\\.\\./)+(${others.join('|')})/src(/|$)|^@app/(${others.join('|')})(/|$)`,
                message: 'Apps never import other apps; share code through libs/.',
              },
              libInternals,
            ],
            paths,
          },
        ],
      },
    },
    {
      files: [`apps/${app}/test/**/*.ts`, `apps/${app}/src/**/*.spec.ts`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [appSources(others), libInternals] }],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '**/*.generated.ts',
      'eslint.config.mjs',
      '**/*.mjs',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // NestFactory and Nest's adapters take option objects typed as classes; literals are the idiom.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-console': 'error',
    },
  },
  // NestJS injects by emitted decorator metadata: a type-only import of an injected class would erase it.
  {
    files: [
      'apps/**/*.ts',
      'libs/nats/**/*.ts',
      'libs/database/**/*.ts',
      'libs/observability/**/*.ts',
      'libs/config/**/*.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  ...appNames.filter((a) => a !== 'standalone').flatMap(appBoundary),
  // The launcher composes the other apps, through their entries.
  {
    files: ['apps/standalone/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [appSources(appNames.filter((a) => a !== 'standalone')), libInternals] },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appSources(appNames), libInternals] }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '@app/localnet'], message: 'Libs never import apps.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'libs/contracts/**/*.ts',
      'libs/ton/**/*.ts',
      'libs/actions/**/*.ts',
      'libs/classify/**/*.ts',
      'libs/v3-render/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: frameworkPackages,
              message: 'contracts, ton, actions, classify and v3-render are framework-free.',
            },
            { group: ['**/apps/**', '@app/localnet'], message: 'Libs never import apps.' },
          ],
        },
      ],
    },
  },
  // Tests, benchmarks and scripts may print and may use non-null assertions on fixture data.
  {
    files: [
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'apps/*/test/**/*.ts',
      '**/*.spec.ts',
    ],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
