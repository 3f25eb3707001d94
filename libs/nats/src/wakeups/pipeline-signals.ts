/**
 * The stages of the indexing pipeline that wake the next one: the ingestor committed a masterchain
 * block (`blockIndexed`, which wakes the decoder) and the decoder committed one (`txsDecoded`, which
 * wakes the Streaming API publisher). They are the in-process twins of `ton.evt.v1.block.indexed` and
 * `ton.evt.v1.txs.decoded`. `streamPublished` ends the chain: every Streaming API entry of the block
 * is in the stream log (the gateways follow the log itself; this one is for whoever times or awaits
 * the pipeline).
 */
export type PipelineStage = 'blockIndexed' | 'txsDecoded' | 'streamPublished';

export type PipelineListener = (mcSeqno: number) => void;

/**
 * In-process wake-ups between the pipeline's stages when they share a process (the single process,
 * with or without NATS): a synchronous call instead of a poll or a JetStream round trip. Like the
 * JetStream events they are hints, never the truth: each stage re-reads its source's watermark in
 * PostgreSQL when woken, so a listener that is not there yet, or a failing one, loses nothing but time.
 */
export class PipelineSignals {
  private readonly listeners = new Map<PipelineStage, Set<PipelineListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  /** Calls every listener of `stage` now; a listener that throws is reported, the others still run. */
  emit(stage: PipelineStage, mcSeqno: number): void {
    for (const listener of this.listeners.get(stage) ?? []) {
      try {
        listener(mcSeqno);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Listens to `stage` until the returned function is called. */
  on(stage: PipelineStage, listener: PipelineListener): () => void {
    let set = this.listeners.get(stage);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(stage, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** How many listeners `stage` has (what a test waits for before it emits). */
  listenerCount(stage: PipelineStage): number {
    return this.listeners.get(stage)?.size ?? 0;
  }
}

/** Nest injection token of the process's PipelineSignals (PipelineSignalsModule; absent in the mesh). */
export const PIPELINE_SIGNALS = Symbol('PIPELINE_SIGNALS');
