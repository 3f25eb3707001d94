import { accessLogEnv, type EnvSource, loadConfig } from '@app/config';
import { type Logger } from 'pino';
import { z } from 'zod';

/** What the access log line of one request says (never the URL as sent: it may carry api_key). */
export interface AccessLogLine {
  readonly requestId: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly latencyMs: number;
  readonly plan: string;
  readonly keyId?: number | undefined;
}

/**
 * The gateway's access log writer: one `request` line per response at ACCESS_LOG_LEVEL (debug unless
 * set), so the line shows only when LOG_LEVEL lets that level through.
 */
export function accessLogger(
  logger: Logger,
  env: EnvSource = process.env,
): (line: AccessLogLine) => void {
  const { ACCESS_LOG_LEVEL: level } = loadConfig(z.object(accessLogEnv), env);
  if (level === 'silent') {
    return () => undefined;
  }
  return (line) => {
    logger[level](line, 'request');
  };
}
