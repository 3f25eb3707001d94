import { type ParsedBlock } from '@app/ton';
import {
  BlockParseError,
  type LoadedBatch,
  type McBatchLoader,
  type ShardTops,
  shardTopsOf,
} from './mc-batch.loader';

/** One step of the pipeline, in masterchain order: a batch to write, or a masterchain block that failed. */
export type PipelineItem =
  | {
      readonly kind: 'batch';
      readonly mcSeqno: number;
      readonly loaded: LoadedBatch;
      readonly seconds: number;
    }
  | { readonly kind: 'failed'; readonly mcSeqno: number; readonly error: BlockParseError };

type McResult = { ok: true; block: ParsedBlock } | { ok: false; error: BlockParseError };

/**
 * Loads masterchain batches ahead of the writer: up to `window` masterchain blocks are fetched and
 * parsed concurrently, and yielded strictly in order. A batch's shard walk needs the previous
 * masterchain block's shard tops, so it waits for that block's parse (not for its whole batch); when a
 * masterchain block cannot be parsed, the walk of the next one starts from the last good tops, which
 * makes it pick up the shard blocks the failed one committed.
 */
export async function* loadBatches(
  loader: McBatchLoader,
  from: number,
  to: number,
  window: number,
  initialTops?: ShardTops,
): AsyncGenerator<PipelineItem> {
  const masterchain = new Map<number, Promise<McResult>>();
  const items = new Map<number, Promise<PipelineItem>>();

  const mcBlock = (seqno: number): Promise<McResult> => {
    let result = masterchain.get(seqno);
    if (result === undefined) {
      result = loader.loadMasterchain(seqno).then(
        (block): McResult => ({ ok: true, block }),
        (error: unknown): McResult => {
          if (error instanceof BlockParseError) {
            return { ok: false, error };
          }
          throw error;
        },
      );
      masterchain.set(seqno, result);
    }
    return result;
  };

  const topsBefore = async (seqno: number): Promise<ShardTops> => {
    if (seqno - 1 < from) {
      return initialTops ?? loader.topsAt(seqno - 1);
    }
    const previous = await mcBlock(seqno - 1);
    return previous.ok ? shardTopsOf(previous.block) : topsBefore(seqno - 1);
  };

  const item = async (seqno: number): Promise<PipelineItem> => {
    const started = performance.now();
    const mc = await mcBlock(seqno);
    if (!mc.ok) {
      return { kind: 'failed', mcSeqno: seqno, error: mc.error };
    }
    const loaded = await loader.assemble(mc.block, await topsBefore(seqno));
    return { kind: 'batch', mcSeqno: seqno, loaded, seconds: (performance.now() - started) / 1000 };
  };

  let launched = from;
  const launch = (): void => {
    const seqno = launched;
    const promise = item(seqno);
    // Rejections are observed when the item is awaited in order; avoid an unhandled-rejection crash
    // for items still waiting behind an earlier one.
    promise.catch(() => undefined);
    items.set(seqno, promise);
    launched += 1;
  };

  for (let seqno = from; seqno <= to; seqno += 1) {
    while (launched <= to && launched < seqno + window) {
      launch();
    }
    const next = items.get(seqno);
    if (next === undefined) {
      throw new Error(`pipeline: masterchain block ${String(seqno)} was not launched`);
    }
    const result = await next;
    items.delete(seqno);
    // Keep the previous masterchain block only: the next walk may still need its tops.
    masterchain.delete(seqno - 1);
    yield result;
  }
}
