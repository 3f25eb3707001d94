import {
  type Cipher,
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519';
import { AdnlFrameReader, encodeAdnlFrame } from './adnl-frames';
import { adnlKeyId, adnlSharedSecret } from './adnl-keys';

/** adnl-ext-connection.cpp rejects frames above 2^24 bytes; so does this client. */
const MAX_FRAME_SIZE = 1 << 24;

export interface AdnlTcpClientEvents {
  /** The server accepted the handshake (its empty first frame): queries may be written. */
  ready: [];
  /** One frame's payload (a TL-serialised adnl.Message). */
  data: [payload: Buffer];
  /** The connection is gone, for whatever reason; emitted once. */
  close: [];
}

/**
 * The client side of ADNL over TCP (adnl/adnl-ext-client.cpp) on node:crypto: the 256-byte handshake
 * (server key id ‖ our ed25519 key ‖ sha256(params) ‖ AES-CTR(params)), then one AES-256-CTR stream
 * each way carrying `u32le size ‖ nonce ‖ payload ‖ sha256` frames. It replaces the `adnl` package's
 * client on the ingest path, whose pure-JavaScript AES and per-frame copies (every payload spread
 * into a JavaScript array to hash it) cost a fifth of the ingestor's time on large blocks.
 * Anything malformed or any socket error ends the connection ('close'); reconnecting is the owner's.
 */
export class AdnlTcpClient extends EventEmitter<AdnlTcpClientEvents> {
  private readonly socket = new Socket();
  private readonly frames = new AdnlFrameReader(MAX_FRAME_SIZE);
  private tx: Cipher | undefined;
  private rx: Cipher | undefined;
  private ready = false;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly serverPublicKey: Buffer,
  ) {
    super();
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => {
      this.handshake();
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.onData(chunk);
    });
    // Every socket error is followed by 'close'.
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.end();
    });
  }

  connect(): void {
    this.socket.connect(this.port, this.host);
  }

  /** Sends one payload; dropped silently before the handshake completes or after close. */
  write(payload: Buffer): void {
    if (this.ready && !this.closed && this.tx !== undefined) {
      this.socket.write(this.tx.update(encodeAdnlFrame(payload)));
    }
  }

  destroy(): void {
    this.socket.destroy();
    this.end();
  }

  private handshake(): void {
    const seed = randomBytes(32);
    const publicKey = Buffer.from(ed25519.getPublicKey(seed));
    const shared = adnlSharedSecret(seed, this.serverPublicKey);
    // params: rx key (0:32), tx key (32:64), rx nonce (64:80), tx nonce (80:96), then padding.
    const params = randomBytes(160);
    const checksum = createHash('sha256').update(params).digest();
    const key = Buffer.concat([shared.subarray(0, 16), checksum.subarray(16, 32)]);
    const iv = Buffer.concat([checksum.subarray(0, 4), shared.subarray(20, 32)]);
    const sealed = createCipheriv('aes-256-ctr', key, iv).update(params);
    this.rx = createDecipheriv('aes-256-ctr', params.subarray(0, 32), params.subarray(64, 80));
    this.tx = createCipheriv('aes-256-ctr', params.subarray(32, 64), params.subarray(80, 96));
    this.socket.write(
      Buffer.concat([adnlKeyId(this.serverPublicKey), publicKey, checksum, sealed]),
    );
  }

  private onData(chunk: Buffer): void {
    if (this.closed || this.rx === undefined) {
      return;
    }
    try {
      this.frames.push(this.rx.update(chunk));
      let payload = this.frames.next();
      while (payload !== null) {
        this.onFrame(payload);
        // onFrame may have ended the connection: nothing after that is read.
        payload = this.isOpen() ? this.frames.next() : null;
      }
    } catch {
      // A malformed frame breaks the stream's framing: the connection is dropped and reconnects.
      this.destroy();
    }
  }

  private isOpen(): boolean {
    return !this.closed;
  }

  private onFrame(payload: Buffer): void {
    if (this.ready) {
      this.emit('data', payload);
    } else if (payload.length === 0) {
      this.ready = true;
      this.emit('ready');
    } else {
      // The server answers a good handshake with an empty frame and nothing else first.
      this.destroy();
    }
  }

  private end(): void {
    if (!this.closed) {
      this.closed = true;
      this.ready = false;
      this.emit('close');
    }
  }
}
