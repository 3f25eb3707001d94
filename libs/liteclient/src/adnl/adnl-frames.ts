import { createHash, randomBytes } from 'node:crypto';

/** A frame holds at least its nonce (32) and checksum (32). */
const MIN_FRAME_SIZE = 64;

/**
 * One ADNL-over-TCP frame in plain text (adnl/adnl-ext-connection.cpp):
 * `u32le size ‖ nonce(32) ‖ payload ‖ sha256(nonce ‖ payload)`, size counting what follows it.
 * Both directions encrypt it with their AES-256-CTR stream.
 */
export function encodeAdnlFrame(payload: Buffer): Buffer {
  const nonce = randomBytes(32);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length + MIN_FRAME_SIZE, 0);
  const digest = createHash('sha256').update(nonce).update(payload).digest();
  return Buffer.concat([size, nonce, payload, digest]);
}

/**
 * Cuts decrypted stream bytes into frame payloads. A large frame arrives in many socket chunks;
 * they are joined once, when the whole frame is there, instead of once per chunk.
 */
export class AdnlFrameReader {
  private pending: Buffer = Buffer.alloc(0);
  private chunks: Buffer[] = [];
  private chunkBytes = 0;

  constructor(private readonly maxFrameSize: number) {}

  push(chunk: Buffer): void {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.chunkBytes += chunk.length;
    }
  }

  /** The next complete frame's payload, or null until all of it arrived. Throws on a frame size
   *  out of bounds or a checksum mismatch: the stream cannot be trusted past either. */
  next(): Buffer | null {
    const available = this.pending.length + this.chunkBytes;
    if (available < 4) {
      return null;
    }
    if (this.pending.length < 4) {
      this.join();
    }
    const size = this.pending.readUInt32LE(0);
    if (size < MIN_FRAME_SIZE || size > this.maxFrameSize) {
      throw new Error(`frame size ${String(size)} out of bounds`);
    }
    if (available < 4 + size) {
      return null;
    }
    if (this.pending.length < 4 + size) {
      this.join();
    }
    const body = this.pending.subarray(4, 4 + size);
    this.pending = this.pending.subarray(4 + size);
    const digest = createHash('sha256')
      .update(body.subarray(0, size - 32))
      .digest();
    if (!digest.equals(body.subarray(size - 32))) {
      throw new Error('frame checksum mismatch');
    }
    return body.subarray(32, size - 32);
  }

  private join(): void {
    this.pending = Buffer.concat([this.pending, ...this.chunks]);
    this.chunks = [];
    this.chunkBytes = 0;
  }
}
