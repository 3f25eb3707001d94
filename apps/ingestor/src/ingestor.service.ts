import { type LiteserverPool } from '@app/liteclient';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { ChainFollower } from './follow/chain-follower';
import { INGESTOR_OPTIONS, type IngestorOptions } from './ingestor.options';
import { INGEST_BLOCK_DECODER, INGESTOR_POOL } from './ingestor.providers';
import { type BlockDecoder } from './source/decode/block-decoder';

/**
 * The ingestor's runtime: when following, starts its parts (ingestor.providers.ts) — its own
 * liteserver pool, the live follower with its loader, writer, leader lease and event outbox — and
 * stops them before the process's database and NATS connection close.
 */
@Injectable()
export class IngestorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(INGESTOR_OPTIONS) private readonly options: IngestorOptions,
    /** The follower's parts: absent when not following (INGEST_FOLLOW=off). */
    @Optional() @Inject(INGESTOR_POOL) private readonly pool?: LiteserverPool,
    @Optional() @Inject(INGEST_BLOCK_DECODER) private readonly decoder?: BlockDecoder,
    @Optional() @Inject(ChainFollower) private readonly follower?: ChainFollower,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.pool?.start();
    this.follower?.start();
  }

  /** Ready when following within `readyLag` blocks of the head (or not following at all). */
  readiness(): Promise<void> {
    if (this.follower === undefined) {
      return Promise.resolve();
    }
    const mismatch = this.follower.chainMismatch();
    if (mismatch !== undefined) {
      return Promise.reject(new Error(mismatch));
    }
    const lag = this.follower.lagBlocks();
    if (lag === null) {
      return Promise.reject(new Error('ingestor: nothing indexed yet'));
    }
    return lag <= this.options.readyLag
      ? Promise.resolve()
      : Promise.reject(new Error(`ingestor: ${String(lag)} masterchain blocks behind`));
  }

  /** Fails only when the follower stopped on another chain (the single process's /readyz). */
  chainReadiness(): Promise<void> {
    const mismatch = this.follower?.chainMismatch();
    return mismatch === undefined ? Promise.resolve() : Promise.reject(new Error(mismatch));
  }

  /** Finish the batch in flight and its events, then release the liteservers and parse threads. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
    this.pool?.close();
    await this.decoder?.close();
  }
}
