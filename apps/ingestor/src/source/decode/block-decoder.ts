import { type BlockDecodeResult, type BlockHashes, decodeBlock } from './block-decode';

/** Checks and parses getBlock answers, on the calling thread or elsewhere. */
export interface BlockDecoder {
  decode(data: Uint8Array, hashes: BlockHashes): Promise<BlockDecodeResult>;
  close(): Promise<void>;
}

/** Decodes on the calling thread (INGEST_PARSE_THREADS=0, and the default for tests and tools). */
export const INLINE_BLOCK_DECODER: BlockDecoder = {
  decode: (data, hashes) => Promise.resolve(decodeBlock(data, hashes)),
  close: () => Promise.resolve(),
};
