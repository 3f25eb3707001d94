import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** What an app of the soak reports after a full collection (live-heap.preload.ts). */
export interface LiveHeap {
  /** V8 heap still in use after the full collection, in bytes. */
  readonly heapUsed: number;
  /** Memory of C++ objects bound to JS objects (Buffers among them), in bytes. */
  readonly external: number;
}

/** The file whose creation asks the app for a sample. */
export const requestFileOf = (file: string): string => `${file}.request`;

/** `NODE_OPTIONS` and file for an app whose live heap the soak samples (live-heap.preload.ts). */
export function liveHeapEnv(file: string): NodeJS.ProcessEnv {
  const preload = resolve(__dirname, 'live-heap.preload.js');
  return { NODE_OPTIONS: `--require ${preload}`, BENCH_LIVE_HEAP_FILE: file };
}

/**
 * Asks the app `pid` for a full collection and its live heap; undefined when it is not running or has
 * not answered within `timeoutMs` (a collection of a few hundred MiB takes well under a second).
 */
export async function sampleLiveHeap(
  pid: number | undefined,
  file: string,
  timeoutMs = 5000,
): Promise<LiveHeap | undefined> {
  if (pid === undefined) {
    return undefined;
  }
  rmSync(file, { force: true });
  writeFileSync(requestFileOf(file), '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as LiveHeap;
    } catch {
      // not written yet (or written halfway: the next poll reads it whole)
    }
  }
  return undefined;
}
