import { type DedustPools } from '@app/classify';
import { type DataSource, IndexerCursorRepository } from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import pino, { type Logger } from 'pino';
import { Registry } from 'prom-client';
import {
  BlockDecoder,
  DecoderMetrics,
  DecoderWorker,
  GetMethodClient,
  InterfaceDetector,
  InterfaceProbes,
} from '@app/decoder';

/**
 * The decoder's interface detection by get-methods through `pool`, as the app assembles it (what
 * fills the Jetton, NFT, DNS, multisig and vesting tables); `onStateGone` is told each masterchain
 * block whose state the liteservers no longer had; `dedust`, the DeDust pool codes and factory (default
 * mainnet's).
 */
export function interfaceDetector(
  pool: LiteserverPool,
  onStateGone?: (mcSeqno: number) => void,
  dedust?: DedustPools,
): InterfaceDetector {
  return new InterfaceDetector(
    new InterfaceProbes(new GetMethodClient(pool, onStateGone), undefined, dedust),
  );
}

export interface TestDecoderOptions {
  /** Interfaces detected by get-methods (see interfaceDetector); none without it. */
  readonly detector?: InterfaceDetector;
  /** The safety-net poll of the ingestor's watermark (default 50 ms). */
  readonly pollMs?: number;
  /** Default silent. */
  readonly logger?: Logger;
  readonly metrics?: DecoderMetrics;
  readonly onDecoded?: (mcSeqno: number) => void;
}

/** The decoder's worker over `ds`, following the ingestor's `masterchain` cursor as the app does. */
export function testDecoderWorker(ds: DataSource, options: TestDecoderOptions = {}): DecoderWorker {
  return new DecoderWorker(
    ds,
    new IndexerCursorRepository(ds),
    new BlockDecoder(options.detector),
    options.metrics ?? new DecoderMetrics(new Registry()),
    options.logger ?? pino({ level: 'silent' }),
    {
      sourceCursor: 'masterchain',
      cursor: 'decoder',
      pollMs: options.pollMs ?? 50,
      onDecoded: options.onDecoded,
    },
  );
}

/**
 * Runs the decoder's worker over `ds` until it has decoded masterchain block `head`, then stops it.
 * Answers whether it got there within `timeoutMs`.
 */
export async function decodeToHead(
  ds: DataSource,
  head: number,
  timeoutMs: number,
  options: TestDecoderOptions = {},
): Promise<boolean> {
  const worker = testDecoderWorker(ds, options);
  worker.start();
  try {
    return await worker.waitForSeqno(head, timeoutMs);
  } finally {
    await worker.stop();
  }
}
