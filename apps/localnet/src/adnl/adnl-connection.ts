import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  type Cipher,
  type Decipher,
} from 'node:crypto';
import type { Socket } from 'node:net';
import { adnlSharedSecret, type AdnlKeyPair } from './adnl-keys';
import { encodeAnswer, encodePong, parseInbound } from './adnl-tl';

export type AdnlQueryHandler = (query: Buffer) => Promise<Buffer>;

export interface AdnlLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface AdnlConnectionLimits {
  /** Queries of one connection being answered at once; reading pauses at this bound. */
  readonly maxInFlight: number;
  /** Largest accepted frame (size field), bytes. */
  readonly maxFrameSize: number;
  /** Reading pauses while the socket's unsent output exceeds this many bytes. */
  readonly writeHighWaterMark: number;
}

/** The client's handshake packet: key id (32) ‖ client ed25519 public key (32) ‖ sha256(params) (32) ‖
 *  AES-CTR(params) (160). */
const HANDSHAKE_SIZE = 256;
/** A frame holds at least its nonce (32) and checksum (32). */
const MIN_FRAME_SIZE = 64;

/**
 * One ADNL-over-TCP connection, server side (adnl/adnl-ext-connection.cpp, adnl-ext-server.cpp):
 * handshake, AES-256-CTR streams, `u32le size ‖ nonce(32) ‖ payload ‖ sha256(nonce ‖ payload)` frames,
 * tcp.ping → tcp.pong and adnl.message.query → adnl.message.answer. Answers are sent as their handlers
 * finish, so they may leave out of order. Anything malformed destroys this connection only.
 */
export class AdnlConnection {
  private rx: Decipher | null = null;
  private tx: Cipher | null = null;
  /** Raw bytes before the handshake completes, decrypted bytes after it. */
  private pending: Buffer = Buffer.alloc(0);
  /** Decrypted chunks not yet joined to `pending`: a large frame arrives in many chunks, which are
   *  joined once, when the whole frame is there, instead of once per chunk. */
  private chunks: Buffer[] = [];
  private chunkBytes = 0;
  private inFlight = 0;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly keys: AdnlKeyPair,
    private readonly handler: AdnlQueryHandler,
    private readonly limits: AdnlConnectionLimits,
    private readonly logger: AdnlLogger | undefined,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.onData(chunk);
    });
    socket.on('drain', () => {
      this.updateFlow();
    });
    socket.on('error', (err) => {
      this.logger?.debug({ err }, 'adnl connection error');
      this.destroy();
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.closed) {
      return;
    }
    try {
      if (!this.rx) {
        this.pending = Buffer.concat([this.pending, chunk]);
        if (this.pending.length < HANDSHAKE_SIZE) {
          return;
        }
        const rest = this.handshake(this.pending.subarray(0, HANDSHAKE_SIZE));
        // Bytes the client sent right after its handshake packet are already part of the encrypted stream.
        this.pending = rest.length > 0 ? this.decrypt(rest) : Buffer.alloc(0);
      } else {
        const plain = this.decrypt(chunk);
        this.chunks.push(plain);
        this.chunkBytes += plain.length;
        if (this.pending.length + this.chunkBytes < this.bytesNeeded()) {
          return;
        }
      }
      this.drainFrames();
    } catch (err) {
      this.logger?.warn({ err }, 'closing adnl connection on a malformed packet');
      this.destroy();
    }
  }

  /** Bytes `pending` must hold before the next frame can be handled: its size field, then all of it. */
  private bytesNeeded(): number {
    return this.pending.length < 4 ? 4 : 4 + this.pending.readUInt32LE(0);
  }

  /** Validates the handshake, sets up both ciphers, confirms with an empty frame; returns the bytes
   *  after the handshake packet. */
  private handshake(packet: Buffer): Buffer {
    const rest = Buffer.from(this.pending.subarray(HANDSHAKE_SIZE));
    if (!packet.subarray(0, 32).equals(this.keys.keyId)) {
      throw new Error('handshake for another key id');
    }
    const clientPublic = packet.subarray(32, 64);
    const checksum = packet.subarray(64, 96);
    const shared = adnlSharedSecret(this.keys.seed, Buffer.from(clientPublic));
    const key = Buffer.concat([shared.subarray(0, 16), checksum.subarray(16, 32)]);
    const iv = Buffer.concat([checksum.subarray(0, 4), shared.subarray(20, 32)]);
    const params = createDecipheriv('aes-256-ctr', key, iv).update(packet.subarray(96, 256));
    if (!createHash('sha256').update(params).digest().equals(checksum)) {
      throw new Error('handshake checksum mismatch');
    }
    // The client receives with params[0:32]/[64:80] and sends with params[32:64]/[80:96]; mirror it.
    this.rx = createDecipheriv('aes-256-ctr', params.subarray(32, 64), params.subarray(80, 96));
    this.tx = createCipheriv('aes-256-ctr', params.subarray(0, 32), params.subarray(64, 80));
    this.send(Buffer.alloc(0)); // an empty frame accepts the handshake
    return rest;
  }

  private decrypt(data: Buffer): Buffer {
    if (!this.rx) {
      throw new Error('no receive cipher before the handshake');
    }
    return this.rx.update(data);
  }

  /** Handles every complete frame buffered, up to the in-flight bound: frames beyond it wait (in
   *  `pending`, with the socket paused) until a running query finishes. */
  private drainFrames(): void {
    if (this.chunks.length > 0) {
      this.pending = Buffer.concat([this.pending, ...this.chunks]);
      this.chunks = [];
      this.chunkBytes = 0;
    }
    while (this.pending.length >= 4 && !this.closed && this.inFlight < this.limits.maxInFlight) {
      const size = this.pending.readUInt32LE(0);
      if (size < MIN_FRAME_SIZE || size > this.limits.maxFrameSize) {
        throw new Error(`frame size ${size} out of bounds`);
      }
      if (this.pending.length < 4 + size) {
        return;
      }
      const body = this.pending.subarray(4, 4 + size);
      this.pending = this.pending.subarray(4 + size);
      const nonceAndPayload = body.subarray(0, size - 32);
      const digest = createHash('sha256').update(nonceAndPayload).digest();
      if (!digest.equals(body.subarray(size - 32))) {
        throw new Error('frame checksum mismatch');
      }
      this.dispatch(Buffer.from(body.subarray(32, size - 32)));
    }
  }

  private dispatch(payload: Buffer): void {
    const msg = parseInbound(payload);
    switch (msg.kind) {
      case 'empty':
        return;
      case 'ping':
        this.send(encodePong(msg.randomId));
        return;
      case 'query':
        this.runQuery(msg.queryId, msg.query);
        return;
    }
  }

  private runQuery(queryId: Buffer, query: Buffer): void {
    this.inFlight++;
    this.updateFlow();
    this.handler(query).then(
      (answer) => {
        this.inFlight--;
        if (!this.closed) {
          this.send(encodeAnswer(queryId, answer));
          this.resumeFrames();
        }
      },
      (err: unknown) => {
        // Handlers answer errors themselves (liteServer.error); a rejection is a bug: drop the connection
        // rather than leave the client waiting.
        this.inFlight--;
        this.logger?.warn({ err }, 'adnl query handler failed');
        this.destroy();
      },
    );
  }

  private send(payload: Buffer): void {
    if (!this.tx || this.closed) {
      return;
    }
    const nonce = randomBytes(32);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(payload.length + 64, 0);
    const digest = createHash('sha256').update(nonce).update(payload).digest();
    this.socket.write(this.tx.update(Buffer.concat([size, nonce, payload, digest])));
  }

  private resumeFrames(): void {
    try {
      this.drainFrames();
      this.updateFlow();
    } catch (err) {
      this.logger?.warn({ err }, 'closing adnl connection on a malformed packet');
      this.destroy();
    }
  }

  /** Backpressure: stop reading while too many queries run or the client is not reading its answers. */
  private updateFlow(): void {
    if (this.closed) {
      return;
    }
    const congested =
      this.inFlight >= this.limits.maxInFlight ||
      this.socket.writableLength > this.limits.writeHighWaterMark;
    if (congested && !this.socket.isPaused()) {
      this.socket.pause();
    } else if (!congested && this.socket.isPaused()) {
      this.socket.resume();
    }
  }
}
