import assert from 'node:assert/strict';
import {
  ActionQueryRepository,
  AddressBookQueryRepository,
  type DataSource,
  StreamBlockQueryRepository,
  TokenQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { MemoryStreamLog, type StreamLogEntry } from '@app/nats';
import { AddressBookBuilder } from '../src/address-book/address-book.builder';
import { MetadataBuilder } from '../src/metadata/metadata.builder';
import { StreamBlockRenderer } from '../src/streaming/stream-block.renderer';

/** Polls `done` every 20 ms until it holds or `ms` pass. */
export async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return done();
}

/** An in-memory StreamLog large enough to keep everything a test publishes. */
export const newLog = (): MemoryStreamLog =>
  new MemoryStreamLog({ retentionMs: 3_600_000, maxEntries: 100_000 });

/** Every entry of a log, in order, once the follower has caught up with its last seq. */
export async function entriesOf(log: MemoryStreamLog): Promise<StreamLogEntry[]> {
  const entries: StreamLogEntry[] = [];
  const follower = await log.follow({ kind: 'seq', seq: 1 }, (e) => {
    entries.push(e);
  });
  const { last } = await log.bounds();
  assert.equal(await until(() => entries.length === last, 5_000), true, 'log read to its end');
  await follower.close();
  return entries;
}

/** The payloads of the entries on `subject`. */
export const of = <T>(entries: readonly StreamLogEntry[], subject: string): T[] =>
  entries.filter((e) => e.subject === subject).map((e) => e.payload as T);

/** The query app's block renderer over the real repositories. */
export function streamBlockRenderer(ds: DataSource): StreamBlockRenderer {
  const transactions = new TransactionQueryRepository(ds);
  return new StreamBlockRenderer(
    new StreamBlockQueryRepository(ds, transactions),
    transactions,
    new ActionQueryRepository(ds),
    new AddressBookBuilder(new AddressBookQueryRepository(ds)),
    new MetadataBuilder(new TokenQueryRepository(ds)),
  );
}

/** The seed's Jetton transfer: its trace, the trace's key, and the blocks it spans. */
export interface TransferTrace {
  traceId: string;
  norm: string;
  start: number;
  end: number;
}

export async function jettonTransferTrace(ds: DataSource): Promise<TransferTrace> {
  const [transfer] = await ds.query<{ trace_id: string }[]>(
    `SELECT trace_id FROM actions WHERE type = 'jetton_transfer'`,
  );
  assert.ok(transfer);
  const traceId = transfer.trace_id;
  const [trace] = await ds.query<{ start: number; end: number; norm: string }[]>(
    `SELECT E.mc_seqno_start AS start, E.mc_seqno_end AS end,
            coalesce(M.msg_hash_norm, M.msg_hash) AS norm
     FROM traces E JOIN messages M ON M.tx_hash = E.trace_id AND M.direction = 'in'
     WHERE E.trace_id = $1 AND M.source IS NULL`,
    [traceId],
  );
  assert.ok(trace);
  return { traceId, ...trace };
}
