import { IndexerCursorRepository } from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import { PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { DECODER_OPTIONS, type DecoderOptions } from './decoder.options';
import {
  BLOCK_INDEXED_LISTENER,
  DECODER_POOL,
  METADATA_FETCHER,
  TXS_DECODED_NOTIFIER,
} from './decoder.providers';
import { type TxsDecodedNotifier } from './events/txs-decoded.notifier';
import { type MetadataFetcher } from './metadata/metadata-fetcher';
import { type BlockIndexedListener } from './pipeline/block-indexed.listener';
import { DecoderWorker } from './pipeline/decoder-worker';

/**
 * The decoder's runtime: starts its parts (decoder.providers.ts) — the pool, the ordered worker over
 * PostgreSQL, the metadata fetcher and, in the mesh, the event listener — and stops them before the
 * process's database and NATS connection close.
 */
@Injectable()
export class DecoderService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(DECODER_OPTIONS) private readonly options: DecoderOptions,
    @Inject(IndexerCursorRepository) private readonly cursors: IndexerCursorRepository,
    @Inject(DECODER_POOL) private readonly pool: LiteserverPool | null,
    @Inject(DecoderWorker) private readonly worker: DecoderWorker,
    @Inject(TXS_DECODED_NOTIFIER) private readonly notifier: TxsDecodedNotifier | null,
    @Inject(METADATA_FETCHER) private readonly metadataFetcher: MetadataFetcher | null,
    @Inject(BLOCK_INDEXED_LISTENER) private readonly listener: BlockIndexedListener | null,
    /** The single process: the ingestor's commits wake the worker. */
    @Optional() @Inject(PIPELINE_SIGNALS) private readonly signals?: PipelineSignals,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.pool?.start();
    this.stopListening = this.signals?.on('blockIndexed', () => {
      this.worker.wake();
    });
    this.worker.start();
    this.metadataFetcher?.start();
    await this.listener?.start();
  }

  /** Ready when decoding, at most `readyBacklog` masterchain blocks behind the ingestor. */
  async readiness(): Promise<void> {
    const [source, decoded] = await Promise.all([
      this.cursors.get(this.options.sourceCursor ?? 'masterchain'),
      this.cursors.get('decoder'),
    ]);
    const backlog = (source ?? 0) - (decoded ?? 0);
    if (source !== null && backlog > this.options.readyBacklog) {
      throw new Error(`decoder: ${String(backlog)} masterchain blocks behind the ingestor`);
    }
  }

  /** Stop consuming, finish the block in flight, flush its events, then release the liteservers. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopListening?.();
    await this.listener?.stop();
    await this.metadataFetcher?.stop();
    await this.worker.stop();
    await this.notifier?.idle();
    this.pool?.close();
  }
}
