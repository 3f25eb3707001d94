/**
 * Loaded into each app of the memory soak with `node --require` (bench/app-memory.ts), never in
 * production. On SIGUSR2 it runs a full garbage collection and writes what is still alive to
 * BENCH_LIVE_HEAP_FILE: the live set is what a leak grows, while RSS also holds the heap V8 keeps
 * reserved between collections, which makes the RSS of a healthy app a sawtooth of 50–80 MiB.
 */
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

export interface LiveHeap {
  /** V8 heap still in use after the full collection, in bytes. */
  readonly heapUsed: number;
  /** Memory of C++ objects bound to JS objects (Buffers among them), in bytes. */
  readonly external: number;
}

const file = process.env.BENCH_LIVE_HEAP_FILE;
// Workers get `--require` too, but signals reach only the main thread.
if (file !== undefined && file !== '' && isMainThread) {
  // `gc` without --expose-gc on the command line: the flag is set at run time and a fresh context
  // picks the function up (V8 installs it on contexts created after the flag).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    gc();
    const { heapUsed, external } = process.memoryUsage();
    const live: LiveHeap = { heapUsed, external };
    writeFileSync(file, JSON.stringify(live));
  });
}
