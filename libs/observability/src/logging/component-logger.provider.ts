import { type FactoryProvider } from '@nestjs/common';
import { type Logger } from 'pino';
import { PINO_LOGGER } from '../observability.module';

/** Provides under `token` the app's logger with `component` on every line (a service's parts share it). */
export function componentLoggerProvider(token: symbol, component: string): FactoryProvider<Logger> {
  return {
    provide: token,
    inject: [PINO_LOGGER],
    useFactory: (logger: Logger): Logger => logger.child({ component }),
  };
}
