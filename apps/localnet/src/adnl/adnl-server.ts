import { createServer, type Server, type Socket } from 'node:net';
import {
  AdnlConnection,
  type AdnlConnectionLimits,
  type AdnlLogger,
  type AdnlQueryHandler,
} from './adnl-connection';
import { adnlKeyPairFromSeed, type AdnlKeyPair } from '@app/liteclient';

export interface AdnlServerOptions {
  /** 32-byte ed25519 seed of the server key. */
  readonly seed: Buffer;
  readonly handler: AdnlQueryHandler;
  readonly limits?: Partial<AdnlConnectionLimits>;
  readonly logger?: AdnlLogger;
}

const DEFAULT_LIMITS: AdnlConnectionLimits = {
  maxInFlight: 256,
  // adnl-ext-connection.cpp rejects frames above 2^24 bytes
  maxFrameSize: 1 << 24,
  writeHighWaterMark: 8 << 20,
};

/**
 * An ADNL-over-TCP server (the side a liteserver plays) for any number of clients. `close()` stops
 * listening, destroys every connection and resolves once the listening socket is closed.
 */
export class AdnlServer {
  readonly keys: AdnlKeyPair;
  private readonly server: Server;
  private readonly connections = new Set<AdnlConnection>();
  private readonly limits: AdnlConnectionLimits;
  private refusing = false;

  constructor(private readonly options: AdnlServerOptions) {
    this.keys = adnlKeyPairFromSeed(options.seed);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.server = createServer((socket) => {
      this.accept(socket);
    });
  }

  get publicKey(): Buffer {
    return this.keys.publicKey;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Listens on `host:port` (0 = an ephemeral port) and resolves with the bound address. */
  listen(port = 0, host = '127.0.0.1'): Promise<{ host: string; port: number }> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => {
        reject(err);
      };
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        const addr = this.server.address();
        if (addr === null || typeof addr === 'string') {
          reject(new Error('server is not bound to a TCP port'));
          return;
        }
        resolve({ host: addr.address, port: addr.port });
      });
    });
  }

  /** While true, every open connection is destroyed and new ones are closed as they arrive. */
  setRefusing(refusing: boolean): void {
    this.refusing = refusing;
    if (refusing) {
      this.destroyConnections();
    }
  }

  destroyConnections(): void {
    for (const c of this.connections) {
      c.destroy();
    }
    this.connections.clear();
  }

  async close(): Promise<void> {
    this.refusing = true;
    const closed = new Promise<void>((resolve) => {
      if (!this.server.listening) {
        resolve();
        return;
      }
      this.server.close(() => {
        resolve();
      });
    });
    this.destroyConnections();
    await closed;
  }

  private accept(socket: Socket): void {
    if (this.refusing) {
      socket.destroy();
      return;
    }
    const conn = new AdnlConnection(
      socket,
      this.keys,
      this.options.handler,
      this.limits,
      this.options.logger,
    );
    this.connections.add(conn);
    socket.on('close', () => {
      this.connections.delete(conn);
    });
  }
}
