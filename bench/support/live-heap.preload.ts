/**
 * Loaded into each app of the memory soak with `node --require` (bench/app-memory.ts), never in
 * production. When the soak asks (it creates `<BENCH_LIVE_HEAP_FILE>.request`), the app runs a full
 * garbage collection and writes what is still alive to BENCH_LIVE_HEAP_FILE: the live set is what a
 * leak grows, while RSS also holds the heap V8 keeps reserved between collections, which makes the
 * RSS of a healthy app a sawtooth of 50–80 MiB. A request file rather than a signal: NestJS's
 * shutdown hooks treat SIGUSR2 (and most others) as a request to stop.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { type LiveHeap, requestFileOf } from './live-heap';

/** How often the app looks for a request: a stat call, nothing the soak would notice. */
const POLL_MS = 200;

const file = process.env.BENCH_LIVE_HEAP_FILE;
// Workers get `--require` too; the main thread's collection covers the isolate it measures.
if (file !== undefined && file !== '' && isMainThread) {
  // `gc` without --expose-gc on the command line: the flag is set at run time and a fresh context
  // picks the function up (V8 installs it on contexts created after the flag).
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const request = requestFileOf(file);
  setInterval(() => {
    if (!existsSync(request)) {
      return;
    }
    rmSync(request, { force: true });
    gc();
    const { heapUsed, external } = process.memoryUsage();
    const live: LiveHeap = { heapUsed, external };
    writeFileSync(file, JSON.stringify(live));
  }, POLL_MS).unref();
}
