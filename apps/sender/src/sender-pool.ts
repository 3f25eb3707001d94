import { LiteserverPool } from '@app/liteclient';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';

/**
 * The sender's own liteserver pool: a send must not wait behind API reads, and a fan-out needs to
 * see every liteserver's health. Fee estimates (and the pending half's emulations) read through it.
 */
@Injectable()
export class SenderPool extends LiteserverPool implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(SENDER_OPTIONS) options: SenderOptions) {
    super(options.endpoints, {
      timeoutMs: options.liteserverTimeoutMs,
      // Reads (estimates, limits) move once to another liteserver; sends use targets() instead.
      attempts: 2,
      probeIntervalMs: 1000,
      // Three 400 ms blocks, as the API's pool (liteserver.module.ts).
      maxLagBlocks: 3,
      ...options.trust,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  onApplicationShutdown(): void {
    this.close();
  }
}
