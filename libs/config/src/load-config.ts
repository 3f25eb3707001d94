import { z } from 'zod';

/** One bad variable: its name, what was expected, and what was given. */
export interface ConfigIssue {
  variable: string;
  message: string;
  got: string | undefined;
}

/** Thrown by loadConfig with every bad variable listed (fail fast at boot: one message names every bad variable). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly issues: readonly ConfigIssue[]) {
    super(
      `Invalid environment: ${issues
        .map(
          (i) =>
            `${i.variable}: ${i.message}${i.got === undefined ? ' (not set)' : ` (got ${JSON.stringify(i.got)})`}`,
        )
        .join('; ')}`,
    );
  }
}

export type EnvSource = Readonly<Record<string, string | undefined>>;

/**
 * Validates the environment once at boot and returns the typed config. Empty values count as
 * absent (`NATS_URL=` in a compose file means "no NATS"). Unknown variables are ignored.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: EnvSource = process.env,
): z.output<S> {
  const present: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') {
      present[key] = value;
    }
  }
  const result = schema.safeParse(present);
  if (result.success) {
    return result.data;
  }
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? '(root)');
      return { variable, message: issue.message, got: present[variable] };
    }),
  );
}
