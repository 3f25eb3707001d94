import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type BlockDecodeResult, type BlockHashes, decodeBlock } from './block-decode';
import { type BlockDecoder, INLINE_BLOCK_DECODER } from './block-decoder';
import { type BlockDecodeAnswer, type BlockDecodeRequest } from './block-decode.worker';

interface PendingDecode {
  readonly data: Uint8Array;
  readonly hashes: BlockHashes;
  resolve(result: BlockDecodeResult): void;
}

/** One decoding thread and what it was given and has not answered yet. */
class DecodeThread {
  readonly pending = new Map<number, PendingDecode>();
  private worker: Worker | undefined;

  constructor() {
    const worker = new Worker(join(__dirname, 'block-decode.worker.js'));
    // The thread must not keep a process alive that is otherwise done.
    worker.unref();
    worker.on('message', (answer: BlockDecodeAnswer) => {
      const entry = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      entry?.resolve(answer.result);
    });
    const fail = (): void => {
      if (this.worker !== undefined) {
        this.worker = undefined;
        this.settleInline();
      }
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    this.worker = worker;
  }

  get usable(): boolean {
    return this.worker !== undefined;
  }

  decode(id: number, data: Uint8Array, hashes: BlockHashes): Promise<BlockDecodeResult> {
    const worker = this.worker;
    if (worker === undefined) {
      return Promise.resolve(decodeBlock(data, hashes));
    }
    return new Promise((resolve) => {
      this.pending.set(id, { data, hashes, resolve });
      // A copy of its own is transferred: `data` is often a view into a larger frame buffer, and it is
      // kept for an inline decode should the thread die first.
      const copy = new Uint8Array(data);
      const request: BlockDecodeRequest = {
        id,
        data: copy,
        rootHash: hashes.rootHash,
        fileHash: hashes.fileHash,
      };
      worker.postMessage(request, [copy.buffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.settleInline();
    await worker?.terminate();
  }

  /** What the thread will not answer any more is decoded on the calling thread. */
  private settleInline(): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) {
      entry.resolve(decodeBlock(entry.data, entry.hashes));
    }
  }
}

/**
 * Decodes getBlock answers (BoC decode, cell hashing, parseBlock: most of the ingestor's CPU) on
 * `threads` worker threads, each block going to the thread with the fewest blocks waiting, so the
 * event loop keeps fetching and writing while blocks are parsed on other cores. A thread that dies
 * hands what it held back to the calling thread, which then decodes everything itself: slower, never
 * stuck. Results are the same as INLINE_BLOCK_DECODER's, only structured-cloned.
 */
export class BlockDecoderPool implements BlockDecoder {
  private threads: DecodeThread[] | undefined;
  private nextId = 0;
  private closed = false;

  constructor(private readonly size: number) {
    if (!Number.isSafeInteger(size) || size < 1) {
      throw new Error(`a decoder pool needs at least one thread, got ${String(size)}`);
    }
  }

  decode(data: Uint8Array, hashes: BlockHashes): Promise<BlockDecodeResult> {
    const thread = this.leastBusy();
    if (thread === undefined) {
      return Promise.resolve(decodeBlock(data, hashes));
    }
    this.nextId += 1;
    return thread.decode(this.nextId, data, hashes);
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads ?? [];
    this.threads = [];
    await Promise.all(threads.map((t) => t.close()));
  }

  private leastBusy(): DecodeThread | undefined {
    if (this.closed) {
      return undefined;
    }
    this.threads ??= Array.from({ length: this.size }, () => new DecodeThread());
    let best: DecodeThread | undefined;
    for (const thread of this.threads) {
      if (thread.usable && (best === undefined || thread.pending.size < best.pending.size)) {
        best = thread;
      }
    }
    return best;
  }
}

/** INGEST_PARSE_THREADS: 0 decodes on the event loop, N > 0 on a pool of N threads. */
export function createBlockDecoder(threads: number): BlockDecoder {
  return threads === 0 ? INLINE_BLOCK_DECODER : new BlockDecoderPool(threads);
}
