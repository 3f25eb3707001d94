import { type DynamicModule, Module } from '@nestjs/common';
import { DEFAULT_PENDING_OPTIONS } from './pending/pending.options';
import { PENDING_TRACES_CONTROLLERS, pendingTracesProviders } from './pending/pending.providers';
import { SenderController } from './sender.controller';
import { SenderPool } from './sender-pool';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';
import { SenderService } from './sender.service';

/**
 * The sender service: answers `ton.send.v1.*` — sendBoc / sendBocReturnHash / v3 message (validated,
 * fanned out to several liteservers, idempotent across replicas), estimateFee (emulation) — publishes
 * `message.sent` / `message.landed`, and follows sent messages until they are indexed (with
 * PostgreSQL). Needs the global ObservabilityModule; the DatabaseModule when `database` is set.
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
        SenderService,
        // Pending traces: emulated after each send (the SentMessageListener), served to v3 pending*.
        ...pendingTracesProviders({ ...DEFAULT_PENDING_OPTIONS, natsUrl: options.natsUrl }),
      ],
      exports: [SenderPool, SenderService],
    };
  }
}
