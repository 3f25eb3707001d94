import { DataSource, IndexerCursorRepository } from '@app/database';
import { connectNats } from '@app/nats';
import { PINO_LOGGER } from '@app/observability';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { BlockDecoder } from './pipeline/block-decoder';
import { BlockIndexedListener } from './pipeline/block-indexed.listener';
import { DecoderMetrics } from './pipeline/decoder.metrics';
import { DecoderWorker } from './pipeline/decoder-worker';

export const DECODER_OPTIONS = Symbol('DECODER_OPTIONS');

export interface DecoderOptions {
  /** block.indexed events wake the decoder when set; otherwise it polls PostgreSQL. */
  readonly natsUrl?: string | undefined;
  /** The ingestor's cursor it follows (default `masterchain`). */
  readonly sourceCursor?: string;
  readonly readyBacklog: number;
}

/** The decoder's runtime: the ordered worker over PostgreSQL and, in the mesh, the event listener. */
@Injectable()
export class DecoderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: DecoderWorker | undefined;
  private listener: BlockIndexedListener | undefined;
  private nats: NatsConnection | undefined;

  constructor(
    @Inject(DECODER_OPTIONS) private readonly options: DecoderOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    @Inject(Registry) private readonly registry: Registry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const logger = this.logger.child({ component: 'decoder' });
    this.worker = new DecoderWorker(
      this.dataSource,
      new IndexerCursorRepository(this.dataSource),
      new BlockDecoder(),
      new DecoderMetrics(this.registry),
      logger,
      {
        sourceCursor: this.options.sourceCursor ?? 'masterchain',
        cursor: 'decoder',
        pollMs: this.options.natsUrl === undefined ? 500 : 2000,
      },
    );
    this.worker.start();
    if (this.options.natsUrl !== undefined) {
      this.nats = await connectNats({
        servers: this.options.natsUrl.split(','),
        name: 'decoder-events',
        maxReconnectAttempts: -1,
      });
      this.listener = new BlockIndexedListener(this.nats, this.worker, logger);
      await this.listener.start();
    }
  }

  /** Ready when decoding, at most `readyBacklog` masterchain blocks behind the ingestor. */
  async readiness(): Promise<void> {
    const cursors = new IndexerCursorRepository(this.dataSource);
    const [source, decoded] = await Promise.all([
      cursors.get(this.options.sourceCursor ?? 'masterchain'),
      cursors.get('decoder'),
    ]);
    const backlog = (source ?? 0) - (decoded ?? 0);
    if (source !== null && backlog > this.options.readyBacklog) {
      throw new Error(`decoder: ${String(backlog)} masterchain blocks behind the ingestor`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
    await this.worker?.stop();
    await this.nats?.close();
  }
}
