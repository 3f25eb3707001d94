import { type AddressBook, type Metadata, type V3Transaction } from '@app/contracts';
import {
  type ActionQueryRepository,
  type ActionQueryRow,
  type StreamBlockQueryRepository,
  type StreamedTraceRow,
  type TransactionBundle,
  type TransactionQueryRepository,
} from '@app/database';
import { type AddressBookBuilder } from '../address-book/address-book.builder';
import { type MetadataBuilder } from '../metadata/metadata.builder';
import { toJettonWallet } from '../tokens/token.mapper';
import { toV3Transaction } from '../transactions/transaction.mapper';
import { BLOCK_FINALITIES, type StreamEntry } from './stream-entry';
import {
  accountStateEntry,
  type BlockContext,
  jettonsEntry,
  traceUpdateEntry,
} from './stream-payloads';
import { type TraceSnapshot, traceSnapshot } from './trace-snapshot';

/** What one decoded masterchain block yields for the Streaming API. */
export interface RenderedBlock {
  /** Its entries, in the order they are appended at each finality (entryAtFinality). */
  readonly entries: readonly StreamEntry[];
  /** The block's generation time (unix seconds), for the publish-lag metric; null if unknown. */
  readonly genUtime: number | null;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list === undefined) {
      out.set(k, [row]);
    } else {
      list.push(row);
    }
  }
  return out;
}

function compareLt(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The first lt a snapshot has in block `mcSeqno` (traces are appended in that order). */
function firstLtIn(snapshot: TraceSnapshot, mcSeqno: number): string {
  const own = snapshot.transactions.filter((t) => t.mc_block_seqno === mcSeqno);
  return own[0]?.lt ?? snapshot.transactions[0]?.lt ?? '0';
}

/**
 * Renders one decoded masterchain block into StreamLog entries with the query service's own
 * repositories and mappers (the JSON is what /api/v3/traces, /transactions and /jetton/wallets return
 * for the same rows): one trace snapshot per externally started trace the block touched, the newest
 * state of every account it touched, every jetton wallet it wrote, at `confirmed` (the publisher
 * appends them at `confirmed`, then at `finalized`). address_book and metadata are built once for the
 * block and sliced per entry.
 */
export class StreamBlockRenderer {
  constructor(
    private readonly block: StreamBlockQueryRepository,
    private readonly transactions: TransactionQueryRepository,
    private readonly actions: ActionQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly metadata: MetadataBuilder,
  ) {}

  async render(mcSeqno: number, emittedAt: number): Promise<RenderedBlock> {
    const [traces, latest, walletRows, genUtime] = await Promise.all([
      this.block.streamedTraces(mcSeqno),
      this.block.latestTransactionsOfAccounts(mcSeqno),
      this.block.jettonWalletsWrittenBy(mcSeqno),
      this.block.masterchainGenUtime(mcSeqno),
    ]);
    const snapshots = await this.snapshots(traces, mcSeqno);
    const states = [...latest]
      .map((b: TransactionBundle): V3Transaction => toV3Transaction(b))
      .sort((a, b) => compareLt(a.lt, b.lt) || (a.account < b.account ? -1 : 1));
    const wallets = walletRows.map(toJettonWallet);

    const addresses = new Set<string>([
      ...snapshots.flatMap((s) => s.addresses),
      ...wallets.flatMap((w) => [w.address, w.owner, w.jetton]),
    ]);
    const [addressBook, metadata] =
      addresses.size === 0
        ? [{} satisfies AddressBook, {} satisfies Metadata]
        : await Promise.all([this.addressBook.build(addresses), this.metadata.build(addresses)]);
    const ctx: BlockContext = { mcSeqno, emittedAt, addressBook, metadata };

    const [first] = BLOCK_FINALITIES;
    const entries: StreamEntry[] = [
      ...snapshots.map((s) => traceUpdateEntry(s, first, ctx)),
      ...states.map((tx) => accountStateEntry(tx, first, ctx)),
      ...wallets.map((w) => jettonsEntry(w, first, ctx)),
    ];
    return { entries, genUtime };
  }

  private async snapshots(
    traces: readonly StreamedTraceRow[],
    mcSeqno: number,
  ): Promise<TraceSnapshot[]> {
    if (traces.length === 0) {
      return [];
    }
    // The accounts of every action of the traces, read beside the actions (those not yet visible at
    // this block are looked up by no snapshot).
    const [bundles, actionRows, accounts] = await Promise.all([
      this.transactions.ofTraceSpans(traces),
      this.actions.everyOfTraceSpans(traces),
      this.actions.accountsOfTraceSpans(traces),
    ]);
    const visible = actionRows.filter((a: ActionQueryRow) => a.trace_mc_seqno_end <= mcSeqno);
    const bundlesByTrace = groupBy(bundles, (b) => b.tx.trace_id ?? '');
    const actionsByTrace = groupBy(visible, (a) => a.trace_id);
    const out: TraceSnapshot[] = [];
    for (const t of traces) {
      const snapshot = traceSnapshot({
        traceId: t.trace_id,
        norm: t.external_hash_norm,
        mcSeqno,
        bundles: bundlesByTrace.get(t.trace_id) ?? [],
        actions: actionsByTrace.get(t.trace_id) ?? [],
        accounts,
      });
      if (snapshot !== undefined) {
        out.push(snapshot);
      }
    }
    return out.sort(
      (a, b) =>
        compareLt(firstLtIn(a, mcSeqno), firstLtIn(b, mcSeqno)) || (a.norm < b.norm ? -1 : 1),
    );
  }
}
