import {
  type AddressMetadataRepository,
  METADATA_TOKEN_KINDS,
  type MetadataCandidate,
  type MetadataTokenKind,
} from '@app/database';
import { contentUri, mergeSemichainMetadata, splitTokenMetadata } from '@app/ton';
import { type Logger } from 'pino';
import { type FetchOutcome, fetchMetadataJson, type SafeFetchOptions } from './metadata-http';
import {
  METADATA_MAX_BYTES,
  METADATA_MAX_REDIRECTS,
  METADATA_USER_AGENT,
  type MetadataFetchOptions,
} from './metadata-fetch.options';
import { type MetadataMetrics } from './metadata.metrics';
import { resolveMetadataUrl } from './metadata-url';

/** Tokens without a row are found by id order; a full rescan this often catches ids committed late. */
const RESCAN_MS = 60 * 60 * 1000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Retrieves off-chain token metadata (toncenter's ton-metadata-fetcher,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml /
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp)
 * into `address_metadata`: each round takes the rows that are due (a retry after a transient failure,
 * or the refresh) and tokens whose content has a `uri` and no row yet, fetches them `concurrency` at a
 * time and stores the outcome. Semi-chain content keeps its on-chain keys over the fetched ones.
 */
export class MetadataFetcher {
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private readonly after = new Map<MetadataTokenKind, string>();
  private lastRescan = 0;

  constructor(
    private readonly repo: AddressMetadataRepository,
    private readonly metrics: MetadataMetrics,
    private readonly logger: Logger,
    private readonly options: MetadataFetchOptions,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.schedule(this.options.firstRoundDelayMs ?? 1000);
  }

  /** Stops scheduling, aborts fetches in flight (their outcome is not stored) and waits for the round. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.round;
  }

  /** One round; the number of tokens it handled. */
  async runOnce(): Promise<number> {
    const now = this.clock();
    if (now.getTime() - this.lastRescan >= RESCAN_MS) {
      this.after.clear();
      this.lastRescan = now.getTime();
    }
    const batch = this.options.batchSize;
    const candidates = await this.repo.due(now, batch);
    for (const kind of METADATA_TOKEN_KINDS) {
      const room = batch - candidates.length;
      if (room <= 0) {
        break;
      }
      const found = await this.repo.unfetched(kind, this.after.get(kind) ?? '0', room);
      const last = found.at(-1);
      if (last !== undefined) {
        this.after.set(kind, last.id);
      }
      candidates.push(...found);
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let c = candidates[next++]; c !== undefined; c = candidates[next++]) {
        if (this.stopping.signal.aborted) {
          return;
        }
        await this.handle(c, now);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
    return candidates.length;
  }

  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) {
      return;
    }
    this.timer = setTimeout(() => {
      this.round = this.runOnce().then(
        (handled) => {
          this.schedule(handled >= this.options.batchSize ? 0 : this.options.intervalMs);
        },
        (error: unknown) => {
          this.logger.warn({ err: String(error) }, 'metadata fetch round failed; retrying');
          this.schedule(this.options.intervalMs);
        },
      );
    }, delayMs);
    // Never what keeps the process alive: shutdown (and a test's end) must not wait for a round.
    this.timer.unref();
  }

  private async handle(c: MetadataCandidate, now: Date): Promise<void> {
    const uri = contentUri(c.content);
    if (uri === undefined || !isRecord(c.content)) {
      // The content changed to on-chain only: the row would never be read again
      // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml reads
      // rows only for content with a uri).
      await this.repo.forget(c.kind, c.address);
      return;
    }
    const onchain = c.content;
    const started = performance.now();
    const outcome = await this.fetch(uri);
    if (this.stopping.signal.aborted) {
      return;
    }
    this.metrics.fetches.inc({ outcome: outcome.kind });
    this.metrics.duration.observe({ outcome: outcome.kind }, (performance.now() - started) / 1000);
    const expiresAt = new Date(now.getTime() + this.options.refreshMs);
    if (outcome.kind === 'ok') {
      await this.saveValid(c, mergeSemichainMetadata(outcome.json, onchain), null, now, expiresAt);
      return;
    }
    this.logger.debug(
      { kind: c.kind, address: c.address, outcome: outcome.kind, error: outcome.error },
      'metadata fetch failed',
    );
    if (outcome.kind === 'permanent') {
      await this.saveFailure(c, onchain, outcome.error, now, expiresAt);
      return;
    }
    const maxAttempts = this.options.maxAttempts ?? 5;
    // A row that gave up earlier starts a new series at its refresh.
    const attempts = (c.attempts >= maxAttempts ? 0 : c.attempts) + 1;
    if (attempts >= maxAttempts && c.valid !== true && isSemichain(onchain)) {
      await this.saveFailure(c, onchain, outcome.error, now, expiresAt);
      return;
    }
    const retryMs = (this.options.retryBaseMs ?? 60_000) * 2 ** (attempts - 1);
    await this.repo.saveRetry({
      kind: c.kind,
      address: c.address,
      attempts,
      nextAttemptAt: attempts >= maxAttempts ? expiresAt : new Date(now.getTime() + retryMs),
      lastError: outcome.error,
      exhausted: attempts >= maxAttempts,
      now,
    });
  }

  private async fetch(uri: string): Promise<FetchOutcome> {
    const target = resolveMetadataUrl(uri, this.options.ipfsGateway);
    if ('invalid' in target) {
      return { kind: 'permanent', error: target.invalid };
    }
    const options: SafeFetchOptions = {
      timeoutMs: this.options.timeoutMs,
      maxBytes: METADATA_MAX_BYTES,
      maxRedirects: METADATA_MAX_REDIRECTS,
      allowPrivate: this.options.allowPrivate,
      userAgent: METADATA_USER_AGENT,
    };
    return fetchMetadataJson(target.url, options, this.stopping.signal);
  }

  /**
   * A failure that will not go away by retrying. Semi-chain content still has its on-chain keys, which
   * stand alone (TEP-64: the chain's keys win anyway): stored as valid, with the error kept. Off-chain
   * content has nothing: `valid = false`
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml answers
   * `{valid: false, type}`).
   */
  private async saveFailure(
    c: MetadataCandidate,
    onchain: Record<string, unknown>,
    error: string,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    if (isSemichain(onchain)) {
      await this.saveValid(c, onchain, error, now, expiresAt);
      return;
    }
    await this.repo.saveResult({
      kind: c.kind,
      address: c.address,
      valid: false,
      name: null,
      description: null,
      symbol: null,
      image: null,
      extra: null,
      lastError: error,
      now,
      expiresAt,
    });
  }

  private async saveValid(
    c: MetadataCandidate,
    metadata: Record<string, unknown>,
    error: string | null,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    const { standard, extra } = splitTokenMetadata(metadata);
    await this.repo.saveResult({
      kind: c.kind,
      address: c.address,
      valid: true,
      name: standard.name ?? null,
      description: standard.description ?? null,
      symbol: standard.symbol ?? null,
      image: standard.image ?? null,
      extra: Object.keys(extra).length > 0 ? extra : null,
      lastError: error,
      now,
      expiresAt,
    });
  }
}

/** On-chain content with keys besides `uri` (TEP-64 semi-chain layout). */
function isSemichain(content: Record<string, unknown>): boolean {
  return Object.keys(content).some((k) => k !== 'uri');
}
