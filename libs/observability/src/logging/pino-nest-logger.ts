import { type LoggerService, type LogLevel as NestLogLevel } from '@nestjs/common';
import { type Logger } from 'pino';

/**
 * Nest's LoggerService on top of pino, so Nest's own messages (bootstrap, route mapping, the RPC
 * exceptions handler) become JSON lines with the request id. Nest passes the context name as the
 * last string argument, and `error(message, stack, context)` for errors (ConsoleLogger convention).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  setLogLevels(levels: NestLogLevel[]): void {
    // Nest lists the enabled levels; pino wants the lowest one.
    const order: NestLogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];
    const lowest = order.find((l) => levels.includes(l));
    this.logger.level =
      lowest === undefined
        ? 'silent'
        : {
            verbose: 'trace',
            debug: 'debug',
            log: 'info',
            warn: 'warn',
            error: 'error',
            fatal: 'fatal',
          }[lowest];
  }

  private write(
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal',
    message: unknown,
    params: unknown[],
  ): void {
    const rest = [...params];
    const last = rest.at(-1);
    const context = rest.length > 0 && typeof last === 'string' ? last : undefined;
    if (context !== undefined) {
      rest.pop();
    }
    const fields: Record<string, unknown> = {};
    if (context !== undefined) {
      fields.context = context;
    }
    // error(message, stack, context): the remaining string is the stack trace.
    const stack = rest[0];
    if (level === 'error' && typeof stack === 'string') {
      fields.stack = stack;
    }
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message);
    } else if (typeof message === 'string') {
      this.logger[level](fields, message);
    } else {
      fields.data = message;
      this.logger[level](fields);
    }
  }
}
