import {
  type PendingActionsReq,
  type PendingTracesReq,
  type PendingTransactionsReq,
} from '@app/contracts';
import { CompletedTraceQueryRepository, TransactionQueryRepository } from '@app/database';
import { EmulatorBehindNotice } from '@app/observability';
import { emulatorBehind } from '@app/ton';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Cell } from '@ton/core';
import { type Logger } from 'pino';
import {
  type LandedMessage,
  type SentMessage,
  type SentMessageListener,
} from '../send/sent-message.listener';
import { emulatePendingTrace } from './emulate-pending-trace';
import { LiteserverChainFactory } from './liteserver-chain';
import {
  pendingActionsAnswer,
  pendingTracesAnswer,
  pendingTransactionsAnswer,
} from './pending-query';
import { rootDiverges } from './pending-divergence';
import { PendingStreamPublisher } from './pending-stream.publisher';
import { type PendingTrace } from './pending-trace';
import { PENDING_TRACE_STORE, type PendingTraceStore } from './pending-trace.store';
import { type EmulationOutcome, PendingMetrics } from './pending.metrics';
import { PENDING_OPTIONS, type PendingOptions } from './pending.options';
import {
  COMPLETED_TRACES,
  INDEXED_TRANSACTIONS,
  PENDING_EMULATOR_BEHIND,
  PENDING_LOGGER,
} from './pending.tokens';
import { SandboxExecutor } from '../sandbox-executor';
import { ExternalRejectedError, TraceEmulator } from './trace-emulator';

/** Traces read per account lookup and per sweep at most. */
const LOOKUP_LIMIT = 100;
const SWEEP_LIMIT = 1000;

/**
 * Pending traces (toncenter's ton-trace-emulator,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): after each
 * first successful send, the trace the message will cause is emulated on the head's states,
 * classified and stored under the message's hash for every replica to serve; it is dropped once the
 * real trace is indexed complete (checked each sweep and on every read, as toncenter filters by PG)
 * or when it expires.
 */
@Injectable()
export class PendingTracesService
  implements SentMessageListener, OnApplicationBootstrap, OnApplicationShutdown
{
  // The service's own timer over its sweep, started at bootstrap (not when built) and stopped at
  // shutdown; not a part to provide.
  private sweeper: NodeJS.Timeout | undefined;
  /** Emulations run one at a time (the emulator is synchronous WASM); this is the queue's tail. */
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    @Inject(PENDING_OPTIONS) private readonly options: PendingOptions,
    private readonly chains: LiteserverChainFactory,
    private readonly emulator: TraceEmulator,
    private readonly executor: SandboxExecutor,
    private readonly metrics: PendingMetrics,
    @Inject(PENDING_EMULATOR_BEHIND) private readonly behind: EmulatorBehindNotice,
    @Inject(PENDING_LOGGER) private readonly logger: Logger,
    private readonly stream: PendingStreamPublisher,
    @Inject(PENDING_TRACE_STORE) private readonly store: PendingTraceStore,
    @Inject(COMPLETED_TRACES) private readonly completed: CompletedTraceQueryRepository | null,
    @Inject(INDEXED_TRANSACTIONS) private readonly indexed: TransactionQueryRepository | null,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => {
      void this.sweep().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'pending traces: sweep failed');
      });
    }, this.options.sweepMs);
    this.sweeper.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.tail;
  }

  /** SentMessageListener: emulate in the background; the client already has its answer. */
  onSent(message: SentMessage): void {
    if (this.queued >= this.options.maxQueued) {
      this.metrics.emulation.observe({ outcome: 'skipped' }, 0);
      return;
    }
    this.queued += 1;
    this.tail = this.tail.then(async () => {
      try {
        await this.track(message);
      } finally {
        this.queued -= 1;
      }
    });
  }

  /**
   * The first transaction is in: tell the stream if it did not do what was predicted, then look for
   * indexed traces now (the rest of the trace may follow later).
   */
  onLanded(message: LandedMessage): void {
    void this.checkLanded(message)
      .then(() => this.sweep())
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'pending traces: sweep failed');
      });
  }

  /** Appends `trace_invalidated` (diverged) when the landed root differs from the emulated one. */
  async checkLanded(message: LandedMessage): Promise<void> {
    if (this.indexed === null) {
      return;
    }
    try {
      const [predicted] = await this.store.byHashes([message.hash]);
      if (predicted === undefined) {
        return;
      }
      const [landed] = await this.indexed.byHashes([message.transactionHash]);
      if (landed !== undefined && rootDiverges(predicted, landed) === true) {
        await this.stream.invalidated(predicted.hashNorm, 'diverged');
      }
    } catch (error: unknown) {
      this.logger.warn({ err: error, hash: message.hash }, 'pending traces: landing not compared');
    }
  }

  /** Emulates, classifies and stores the trace of one sent message; never throws. */
  async track(message: SentMessage): Promise<PendingTrace | undefined> {
    const started = process.hrtime.bigint();
    let outcome: EmulationOutcome = 'failed';
    try {
      const trace = await this.emulate(message.boc, message.hash, message.hashNorm);
      await this.store.put(trace);
      outcome = 'stored';
      // Not awaited: the address book may take a moment; the next emulation need not wait for it.
      void this.stream.pending(trace);
      return trace;
    } catch (error: unknown) {
      if (error instanceof ExternalRejectedError) {
        outcome = 'rejected';
      } else {
        this.logger.warn({ err: error, hash: message.hash }, 'pending traces: emulation failed');
      }
      return undefined;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.metrics.emulation.observe({ outcome }, seconds);
    }
  }

  /** The pending trace of an external message on the current head (not stored). */
  async emulate(boc: string, hash: string, hashNorm: string): Promise<PendingTrace> {
    const [external] = Cell.fromBoc(Buffer.from(boc, 'base64'));
    if (external === undefined) {
      throw new Error('an empty BoC');
    }
    const chain = await this.chains.atHead();
    const { globalVersion } = chain.head;
    if (emulatorBehind(globalVersion)) {
      this.behind.seen(globalVersion);
    }
    return emulatePendingTrace(this.emulator, await this.executor.load(), {
      external,
      hash,
      hashNorm,
      chain,
      limits: this.options.limits,
    });
  }

  // The v3 answers: pending-query.ts builds them (and names their types) from the traces not yet
  // indexed.
  async pendingTraces(req: PendingTracesReq) {
    return pendingTracesAnswer(await this.select(req.account, req.ext_msg_hash), req);
  }

  async pendingActions(req: PendingActionsReq) {
    return pendingActionsAnswer(await this.select(req.account, req.ext_msg_hash), req);
  }

  async pendingTransactions(req: PendingTransactionsReq) {
    const byAccount = await Promise.all(
      req.account.map((a) => this.store.byAccount(a, LOOKUP_LIMIT)),
    );
    const unique = new Map(byAccount.flat().map((t) => [t.hash, t]));
    return pendingTransactionsAnswer(await this.notIndexed([...unique.values()]), req);
  }

  /** Drops the traces whose real trace is indexed complete; refreshes the gauge. */
  async sweep(): Promise<void> {
    const hashes = await this.store.hashes(SWEEP_LIMIT);
    const done =
      this.completed === null ? new Set<string>() : await this.completed.completed(hashes);
    for (const hash of done) {
      await this.store.delete(hash);
      this.metrics.dropped.inc({ reason: 'indexed' });
    }
    this.metrics.pending.set(hashes.length - done.size);
  }

  private async select(
    account: string | undefined,
    hashes: readonly string[] | undefined,
  ): Promise<PendingTrace[]> {
    const traces =
      account !== undefined
        ? await this.store.byAccount(account, LOOKUP_LIMIT)
        : await this.store.byHashes(hashes ?? []);
    return this.notIndexed(traces);
  }

  /** Between sweeps, a trace indexed meanwhile is already hidden (toncenter filters by PG). */
  private async notIndexed(traces: readonly PendingTrace[]): Promise<PendingTrace[]> {
    if (this.completed === null || traces.length === 0) {
      return [...traces];
    }
    const done = await this.completed.completed(traces.map((t) => t.hash));
    return traces.filter((t) => !done.has(t.hash));
  }
}
