import { parentPort } from 'node:worker_threads';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { type BlockDecodeResult, type BlockHashes, decodeBlock } from './block-decode';

/** One getBlock answer to decode, as BlockDecoderPool posts it (the bytes are transferred). */
export interface BlockDecodeRequest extends BlockHashes {
  readonly id: number;
  readonly data: Uint8Array;
}

export interface BlockDecodeAnswer {
  readonly id: number;
  readonly result: BlockDecodeResult;
}

// A decoding thread of the ingestor: BoC decode, cell hashing and parseBlock, the ingestor's main CPU
// cost, off its event loop. Cell hashing is SHA-256 heavy: node:crypto's, as on the main thread.
installNativeSha256();
installFastBitOps();
parentPort?.on('message', (req: BlockDecodeRequest) => {
  const answer: BlockDecodeAnswer = { id: req.id, result: decodeBlock(req.data, req) };
  parentPort?.postMessage(answer);
});
