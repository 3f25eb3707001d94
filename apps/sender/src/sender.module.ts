import { type DynamicModule, Module } from '@nestjs/common';
import { DEFAULT_PENDING_OPTIONS } from './pending/pending.options';
import { PENDING_TRACES_CONTROLLERS, pendingTracesProviders } from './pending/pending.providers';
import { SenderController } from './sender.controller';
import { SENDER_RUNTIME_PROVIDERS } from './sender.providers';
import { SenderPool } from './sender-pool';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';
import { SenderService } from './sender.service';

/**
 * The sender service: answers `ton.send.v1.*` — sendBoc / sendBocReturnHash / v3 message (validated,
 * fanned out to several liteservers, idempotent across replicas), estimateFee (emulation) — publishes
 * `message.sent` / `message.landed`, and follows sent messages until they are indexed (with
 * PostgreSQL). Needs the global ObservabilityModule; the DatabaseModule when `database` is set; the
 * process's NATS connection (NatsConnectionModule) for the shared stores and the events, without which
 * both stay in this process.
 */
@Module({})
export class SenderModule {
  static forRoot(options: SenderOptions): DynamicModule {
    return {
      module: SenderModule,
      controllers: [SenderController, ...PENDING_TRACES_CONTROLLERS],
      providers: [
        { provide: SENDER_OPTIONS, useValue: options },
        SenderPool,
        ...SENDER_RUNTIME_PROVIDERS,
        SenderService,
        // Pending traces: emulated after each send (the SentMessageListener), served to v3 pending*.
        ...pendingTracesProviders(DEFAULT_PENDING_OPTIONS),
      ],
      exports: [SenderPool, SenderService],
    };
  }
}
