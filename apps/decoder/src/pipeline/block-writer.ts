import {
  ActionRepository,
  ContractRepository,
  DecodeFailureRepository,
  type EntityManager,
  TokenRepository,
  TraceRepository,
  type TraceStamp,
} from '@app/database';
import { type TraceRecord } from '@app/classify';
import { type PlannedBlock } from './block-planner';

/**
 * Writes planned consecutive blocks inside the caller's transaction, a fixed handful of statements
 * whatever their number and size: what interface detection found (block by block, when it found
 * anything), trace_id on their transactions and messages with the traces they changed (each trace as
 * the last block left it, classification state included), their token events, actions and failures
 * (each when there are any).
 */
export class BlockWriter {
  private readonly tokens = new TokenRepository();
  private readonly contracts = new ContractRepository();
  private readonly traces = new TraceRepository();
  private readonly actions = new ActionRepository();
  private readonly failures = new DecodeFailureRepository();

  async write(m: EntityManager, blocks: readonly PlannedBlock[]): Promise<void> {
    // No wait for the WAL flush at commit (as the ingestor's writer): a crash can lose only the last
    // blocks, and since the watermark commits with them, they are decoded again (no loss, no duplicate).
    await m.query('SET LOCAL synchronous_commit = off');
    const traceOf = new Map<string, TraceStamp>();
    const traces = new Map<string, TraceRecord>();
    for (const block of blocks) {
      if (block.detected !== null) {
        await this.tokens.saveInterfaces(m, block.detected.newCodes);
        await this.tokens.saveStates(m, block.detected);
        await this.contracts.saveContracts(m, block.detected);
      }
      for (const [tx, trace] of block.traceOf) {
        traceOf.set(tx, trace);
      }
      for (const trace of block.traces) {
        traces.set(trace.trace_id, trace);
      }
    }
    await this.traces.write(m, traceOf, [...traces.values()]);
    await this.tokens.saveEvents(m, {
      transfers: blocks.flatMap((b) => b.events.transfers),
      burns: blocks.flatMap((b) => b.events.burns),
      nftTransfers: blocks.flatMap((b) => b.events.nftTransfers),
    });
    await this.actions.store(
      m,
      blocks.flatMap((b) => b.actions),
    );
    await this.failures.record(
      m,
      blocks.flatMap((b) => b.failures),
    );
  }
}
