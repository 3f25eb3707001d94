import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

import { getRequestId } from '../request-context';

export type LogLevel = LevelWithSilent;
export const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export interface LoggerOptions {
  /** The app name, present on every line as `app`. */
  app: string;
  level?: LogLevel;
  /** Where lines go; stdout by default. Tests pass an in-memory stream. */
  destination?: DestinationStream;
  /** ISO timestamps by default; `false` drops them (deterministic test output). */
  timestamp?: boolean;
}

/**
 * A pino JSON logger. Every line carries `app` and, inside a request context,
 * `requestId`, so one request can be followed gateway → NATS → service.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { app: options.app },
      timestamp: options.timestamp === false ? false : pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = getRequestId();
        return requestId === undefined ? {} : { requestId };
      },
    },
    options.destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

export type { Logger } from 'pino';
