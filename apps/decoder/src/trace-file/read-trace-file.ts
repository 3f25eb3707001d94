import { readFile } from 'node:fs/promises';
import { decode } from '@msgpack/msgpack';
import type { ClassifiableTrace } from '@app/classify';
import { decompressLz4Frames } from './lz4-frame';
import { traceFromRows, TraceFileFormatError } from './trace-rows';

/** Decodes a trace file's bytes: an LZ4 frame holding one msgpack map of indexer rows. */
export function decodeTraceFile(bytes: Uint8Array): ClassifiableTrace {
  const raw = decompressLz4Frames(bytes);
  let data: unknown;
  try {
    // int64/uint64 become bigint so lt and amounts above 2^53 survive
    data = decode(raw, { useBigInt64: true });
  } catch (e) {
    throw new TraceFileFormatError(`msgpack: ${e instanceof Error ? e.message : String(e)}`);
  }
  return traceFromRows(data);
}

/** Reads and decodes a trace file (`<trace_id>.lz4`). */
export async function readTraceFile(path: string): Promise<ClassifiableTrace> {
  return decodeTraceFile(await readFile(path));
}
