import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type LiteEngine } from 'ton-lite-client';
import { Codecs, Functions } from 'ton-lite-client/dist/schema';
import { type TLFunction, TLReadBuffer, TLWriteBuffer } from 'ton-tl';
import { AdnlTcpClient } from './adnl';
import { type LiteQueryOptions } from './query-options';

export interface AdnlLiteEngineOptions {
  readonly host: string;
  readonly port: number;
  readonly publicKey: Buffer;
  /** Delay before reconnecting after the connection closed or could not be made. */
  readonly reconnectMs: number;
}

/** `liteServer.error code:int message:string = liteServer.Error` (lite_api.tl), its constructor id. */
const LITE_SERVER_ERROR_ID = -1146494648;
/** ton-lite-client's default per-query deadline (the pool applies its own on top). */
const DEFAULT_QUERY_TIMEOUT_MS = 5000;

interface PendingQuery {
  readonly packet: Buffer;
  readonly timer: NodeJS.Timeout;
  answer(body: Buffer): void;
  fail(error: Error): void;
}

/**
 * One liteserver connection for ton-lite-client's LiteClient (its LiteEngine interface), owned by the
 * pool. It replaces ton-lite-client's LiteSingleEngine, which after a socket error (a stopped
 * liteserver refusing connections) reconnects only after a fixed 30 s whatever `reconnectTimeout`
 * says, re-opens itself after close() (so a closed pool kept reconnecting and its process never
 * exited), and leaves queries of a lost connection waiting for their deadline. Here:
 * - a lost connection fails its queries at once (`ECONNRESET`, a transport failure the pool retries
 *   on another liteserver) and is re-made after `reconnectMs`, refused or not;
 * - close() is final: no timer, socket or reconnection outlives it;
 * - queries made while (re)connecting are sent once the ADNL handshake completes.
 */
export class AdnlLiteEngine extends EventEmitter implements LiteEngine {
  private client: AdnlTcpClient | undefined;
  private ready = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<string, PendingQuery>();

  constructor(private readonly options: AdnlLiteEngineOptions) {
    super();
    this.connect();
  }

  isReady(): boolean {
    return this.ready;
  }

  isClosed(): boolean {
    return this.closed;
  }

  query<REQ, RES>(f: TLFunction<REQ, RES>, req: REQ, args: LiteQueryOptions = {}): Promise<RES> {
    if (this.closed) {
      return Promise.reject(new Error('Engine is closed'));
    }
    const timeoutMs = args.timeout ?? DEFAULT_QUERY_TIMEOUT_MS;
    const inner = new TLWriteBuffer();
    if (args.awaitSeqno !== undefined) {
      // liteServer.waitMasterchainSeqno seqno:int timeout_ms:int = Object; prefixes the query.
      Functions.liteServer_waitMasterchainSeqno.encodeRequest(
        { kind: 'liteServer.waitMasterchainSeqno', seqno: args.awaitSeqno, timeoutMs },
        inner,
      );
    }
    f.encodeRequest(req, inner);
    const wrapped = new TLWriteBuffer();
    Functions.liteServer_query.encodeRequest(
      { kind: 'liteServer.query', data: inner.build() },
      wrapped,
    );
    const queryId = randomBytes(32);
    const message = new TLWriteBuffer();
    Codecs.adnl_Message.encode(
      { kind: 'adnl.message.query', queryId, query: wrapped.build() },
      message,
    );
    const packet = message.build();
    const key = queryId.toString('hex');
    return new Promise<RES>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.pending.delete(key)) {
          reject(new Error('Timeout'));
        }
      }, timeoutMs);
      timer.unref();
      this.pending.set(key, {
        packet,
        timer,
        answer: (body) => {
          try {
            if (body.length >= 4 && body.readInt32LE(0) === LITE_SERVER_ERROR_ID) {
              // As ton-lite-client words it: the message alone (the pool classifies by it).
              reject(new Error(Codecs.liteServer_Error.decode(new TLReadBuffer(body)).message));
            } else {
              resolve(f.decodeResponse(new TLReadBuffer(body)));
            }
          } catch (error: unknown) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        fail: reject,
      });
      if (this.ready) {
        this.client?.write(packet);
      }
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.ready = false;
    client?.destroy();
    this.failPending(new Error('Engine is closed'));
  }

  private connect(): void {
    const client = new AdnlTcpClient(this.options.host, this.options.port, this.options.publicKey);
    this.client = client;
    client.on('ready', () => {
      if (this.client !== client) {
        return;
      }
      this.ready = true;
      for (const query of this.pending.values()) {
        client.write(query.packet);
      }
      this.emit('ready');
    });
    client.on('data', (data: Buffer) => {
      if (this.client === client) {
        this.onData(data);
      }
    });
    client.on('close', () => {
      if (this.client === client) {
        this.disconnected();
      }
    });
    client.connect();
  }

  private onData(data: Buffer): void {
    let message;
    try {
      message = Codecs.adnl_Message.decode(new TLReadBuffer(data));
    } catch {
      // A frame that is not an ADNL message answers no query: dropped, the query's own deadline reports it.
      return;
    }
    if (message.kind !== 'adnl.message.answer') {
      return;
    }
    const key = message.queryId.toString('hex');
    const query = this.pending.get(key);
    if (query !== undefined) {
      this.pending.delete(key);
      clearTimeout(query.timer);
      query.answer(message.answer);
    }
  }

  private disconnected(): void {
    this.client = undefined;
    this.ready = false;
    // The liteserver will not answer on a new connection what it was asked on the lost one.
    this.failPending(new Error('ECONNRESET: liteserver connection lost'));
    this.emit('close');
    if (!this.closed) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        if (!this.closed) {
          this.connect();
        }
      }, this.options.reconnectMs);
      // A closed-or-idle process must be able to exit; live services have their own handles.
      this.reconnectTimer.unref();
    }
  }

  private failPending(error: Error): void {
    const queries = [...this.pending.values()];
    this.pending.clear();
    for (const query of queries) {
      clearTimeout(query.timer);
      query.fail(error);
    }
  }
}
