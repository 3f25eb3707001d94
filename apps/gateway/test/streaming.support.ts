import { request as httpRequest, type IncomingMessage } from 'node:http';
import { type StreamSubject } from '@app/contracts';
import { NatsRpcModule, STREAM_LOG, type StreamLog, StreamLogModule } from '@app/nats';
import { createLogger, ObservabilityModule } from '@app/observability';
import { Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WebSocket } from 'ws';
import { type EdgeAccessOptions } from '../src/edge/auth/edge-access.options';
import { GatewayModule } from '../src/gateway.module';
import { createGatewayApp } from '../src/http/create-gateway-app';
import { DEFAULT_STREAMING, type StreamingOptions } from '../src/streaming/streaming.options';

/** A real gateway HTTP app over an in-memory stream log (the single process's), listening. */
export interface StreamingGateway {
  readonly app: NestFastifyApplication;
  readonly base: string;
  readonly port: number;
  readonly log: StreamLog;
  append(subject: StreamSubject, payload: unknown): Promise<number>;
  metrics(): Promise<string>;
  close(): Promise<void>;
}

let appended = 0;

/** Another replica's log, provided as STREAM_LOG (StreamLogModule would open a new one). */
@Module({})
class SharedLogModule {}

export async function startStreamingGateway(
  options: {
    readonly streaming?: Partial<StreamingOptions>;
    readonly edge?: EdgeAccessOptions;
    /** The in-memory ring's size (small: to make history fall out of the replay window). */
    readonly maxEntries?: number;
    /** Share another gateway's log (two replicas over one log). */
    readonly log?: StreamLog;
  } = {},
): Promise<StreamingGateway> {
  const logger = createLogger({ app: 'gateway', level: 'silent' });
  const logModule =
    options.log === undefined
      ? StreamLogModule.forRoot({ retentionMs: 3_600_000, maxEntries: options.maxEntries ?? 1000 })
      : {
          module: SharedLogModule,
          global: true,
          providers: [{ provide: STREAM_LOG, useValue: options.log }],
          exports: [STREAM_LOG],
        };
  @Module({
    imports: [
      ObservabilityModule.forRoot({ app: 'gateway', logger }),
      NatsRpcModule.forRoot({}),
      logModule,
      GatewayModule,
    ],
  })
  class StreamingTestModule {}
  const app = await createGatewayApp(StreamingTestModule, logger, {
    shutdownHooks: false,
    ...(options.edge === undefined ? {} : { edge: options.edge }),
    streaming: { ...DEFAULT_STREAMING, ...options.streaming },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = await app.getUrl();
  const log = app.get<StreamLog>(STREAM_LOG, { strict: false });
  return {
    app,
    base,
    port: Number(new URL(base).port),
    log,
    append: (subject, payload) => {
      appended += 1;
      return log.append(subject, payload, `test-${String(process.pid)}-${String(appended)}`);
    },
    metrics: async () => (await fetch(`${base}/metrics`)).text(),
    close: () => app.close(),
  };
}

/** An SSE response read frame by frame (`\n\n`-separated, raw text without the separator). */
export class SseReader {
  private buffer = '';
  /** Everything received. */
  raw = '';
  private readonly frames: string[] = [];
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(readonly response: IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.raw += chunk;
      this.buffer += chunk;
      let at = this.buffer.indexOf('\n\n');
      while (at >= 0) {
        this.frames.push(this.buffer.slice(0, at));
        this.buffer = this.buffer.slice(at + 2);
        at = this.buffer.indexOf('\n\n');
      }
      this.wake();
    });
    const end = (): void => {
      this.ended = true;
      this.wake();
    };
    response.on('end', end);
    response.on('close', end);
    response.on('error', end);
  }

  /** The next frame; rejects after `timeoutMs` or when the stream ends first. */
  async next(timeoutMs = 3000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) {
        return frame;
      }
      if (this.ended) {
        throw new Error('SSE stream ended');
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error('no SSE frame in time');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Frames already received and not yet taken. */
  pending(): string[] {
    return this.frames.splice(0);
  }

  /** The whole body once the response ended (a refusal's JSON). */
  async text(timeoutMs = 3000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error('response did not end');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.raw;
  }

  close(): void {
    this.response.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) {
      wake();
    }
  }
}

export interface SseAnswer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly reader: SseReader;
}

/** `POST /api/streaming/v2/sse` with a JSON (or any) body. */
export function openSse(
  base: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<SseAnswer> {
  const url = new URL('/api/streaming/v2/sse', base);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        agent: false,
      },
      (response) => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          reader: new SseReader(response),
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A WebSocket client collecting every text frame. */
export class WsClient {
  private readonly messages: string[] = [];
  private waiters: (() => void)[] = [];
  closed = false;
  closeCode = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.messages.push(data.toString('utf8'));
      this.wake();
    });
    socket.on('close', (code: number) => {
      this.closed = true;
      this.closeCode = code;
      this.wake();
    });
  }

  /** `autoPong: false`: a client that never answers the server's ping frames. */
  static open(
    base: string,
    headers: Record<string, string> = {},
    options: { autoPong?: boolean } = {},
  ): Promise<WsClient> {
    const url = `${base.replace(/^http/, 'ws')}/api/streaming/v2/ws`;
    const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
    const client = new WsClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        resolve(client);
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async next(timeoutMs = 3000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.messages.shift();
      if (message !== undefined) {
        return message;
      }
      if (this.closed) {
        throw new Error(`WebSocket closed (${String(this.closeCode)})`);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error('no WebSocket frame in time');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves with the close code once the socket is closed. */
  async closedWithin(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error('WebSocket still open');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closeCode;
  }

  close(): void {
    this.socket.terminate();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) {
      wake();
    }
  }
}

/** Polls `check` until it holds (async pipelines are asserted this way, never with a sleep). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 3000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`${what} not reached in ${String(timeoutMs)} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
