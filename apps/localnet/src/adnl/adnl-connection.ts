import {
  createCipheriv,
  createDecipheriv,
  createHash,
  type Cipher,
  type Decipher,
} from 'node:crypto';
import type { Socket } from 'node:net';
import {
  AdnlFrameReader,
  adnlSharedSecret,
  encodeAdnlFrame,
  type AdnlKeyPair,
} from '@app/liteclient';
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

/**
 * One ADNL-over-TCP connection, server side (adnl/adnl-ext-connection.cpp, adnl-ext-server.cpp):
 * handshake, AES-256-CTR streams, `u32le size ‖ nonce(32) ‖ payload ‖ sha256(nonce ‖ payload)` frames,
 * tcp.ping → tcp.pong and adnl.message.query → adnl.message.answer. Answers are sent as their handlers
 * finish, so they may leave out of order. Anything malformed destroys this connection only.
 */
export class AdnlConnection {
  private rx: Decipher | null = null;
  private tx: Cipher | null = null;
  /** Raw bytes before the handshake completes. */
  private handshakeBytes: Buffer = Buffer.alloc(0);
  /** Decrypted bytes after it. */
  private readonly frames: AdnlFrameReader;
  private inFlight = 0;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly keys: AdnlKeyPair,
    private readonly handler: AdnlQueryHandler,
    private readonly limits: AdnlConnectionLimits,
    private readonly logger: AdnlLogger | undefined,
  ) {
    this.frames = new AdnlFrameReader(limits.maxFrameSize);
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
        this.handshakeBytes = Buffer.concat([this.handshakeBytes, chunk]);
        if (this.handshakeBytes.length < HANDSHAKE_SIZE) {
          return;
        }
        this.handshake(this.handshakeBytes.subarray(0, HANDSHAKE_SIZE));
        // Bytes the client sent right after its handshake packet are already part of the encrypted stream.
        this.frames.push(this.decrypt(this.handshakeBytes.subarray(HANDSHAKE_SIZE)));
        this.handshakeBytes = Buffer.alloc(0);
      } else {
        this.frames.push(this.decrypt(chunk));
      }
      this.drainFrames();
    } catch (err) {
      this.logger?.warn({ err }, 'closing adnl connection on a malformed packet');
      this.destroy();
    }
  }

  /** Validates the handshake, sets up both ciphers, confirms with an empty frame. */
  private handshake(packet: Buffer): void {
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
  }

  private decrypt(data: Buffer): Buffer {
    if (!this.rx) {
      throw new Error('no receive cipher before the handshake');
    }
    return this.rx.update(data);
  }

  /** Handles every complete frame buffered, up to the in-flight bound: frames beyond it wait (in
   *  the reader, with the socket paused) until a running query finishes. */
  private drainFrames(): void {
    while (!this.closed && this.inFlight < this.limits.maxInFlight) {
      const payload = this.frames.next();
      if (payload === null) {
        return;
      }
      this.dispatch(payload);
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
    this.socket.write(this.tx.update(encodeAdnlFrame(payload)));
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
