import { type FastifyRequest } from 'fastify';
import { type RawData, WebSocket } from 'ws';
import { type StreamClient } from '../connection/stream-client';
import { WS_FRAMING } from '../connection/stream-framing';
import { socketTransport, type StreamTransport } from '../connection/stream-transport';
import { newConnectionId, type StreamLimits } from '../limits/connection-limiter';
import { replayInto } from '../replay/replay';
import { AddressMemo } from '../subscription/address-memo';
import { emptySubscription } from '../subscription/subscription';
import { supportedActionTypes } from '../subscription/subscription-fields';
import {
  addressCountFits,
  applySubscribe,
  applyUnsubscribe,
  parseWsMessage,
  type WsRequest,
} from '../subscription/ws-message.parser';
import {
  callerOf,
  connectionLimitText,
  createStreamClient,
  replayDepsOf,
  type StreamingContext,
  trackConnection,
} from './streaming-context';
import { byteLength, rawText, wsFrameGate } from './ws-frame-gate';

/** After a closing frame, how long a peer that does not read keeps its socket. */
const CLOSE_GRACE_MS = 5000;
/** Frames a client may send before its connection is admitted (it has no reason to send many). */
const MAX_EARLY_FRAMES = 16;

function wsTransport(socket: WebSocket): StreamTransport {
  return socketTransport('ws', {
    writable: () => socket.readyState === WebSocket.OPEN,
    send: (frame, sent) => {
      // A Buffer holds the frame's UTF-8 text: sent as a text frame, as a string would be.
      socket.send(frame, { binary: false }, sent);
    },
    end: (last) => {
      if (socket.readyState !== WebSocket.OPEN) {
        socket.terminate();
        return;
      }
      if (last !== undefined) {
        socket.send(last);
      }
      // 1008 (policy) when told why, 1001 (going away) when the server stops.
      socket.close(last === undefined ? 1001 : 1008);
      setTimeout(() => {
        socket.terminate();
      }, CLOSE_GRACE_MS).unref();
    },
  });
}

function withId(id: string | undefined, body: Record<string, string>): string {
  return JSON.stringify(id === undefined ? body : { id, ...body });
}

/**
 * One `/api/streaming/v2/ws` connection (https://docs.ton.org/api/streaming/overview): JSON text
 * frames `ping` / `subscribe` / `unsubscribe`, answered in order with the notifications. Admitted
 * at the upgrade when the caller is under its connection limit; over it, the first frame decides: a
 * `subscribe` carrying `since` (a resume) evicts the caller's oldest connection, anything else gets
 * toncenter's `connection limit reached` frame and a dropped socket.
 */
class WsSession {
  private readonly client: StreamClient;
  private readonly limits: StreamLimits;
  /** The connection's frame rate, checked before a frame is decoded (ws-frame-gate.ts). */
  private readonly frames: (bytes: number) => boolean;
  private readonly addressMemo: AddressMemo;
  private state: 'admitting' | 'waiting' | 'open' | 'closed' = 'admitting';
  private early: string[] = [];
  private work: Promise<void> = Promise.resolve();
  private subscribed = false;
  private alive = true;
  private timers: NodeJS.Timeout[] = [];
  /** The limit quoted when a waiting connection is refused. */
  private waitingMax = 0;

  constructor(
    private readonly socket: WebSocket,
    request: FastifyRequest,
    private readonly context: StreamingContext,
  ) {
    const caller = callerOf(request, context);
    this.limits = caller.limits;
    this.addressMemo = new AddressMemo(2 * Math.max(1, caller.limits.addresses));
    const header = request.headers['x-actions-version'];
    const version = Array.isArray(header) ? header[0] : header;
    this.client = createStreamClient(context, {
      connId: newConnectionId(),
      identity: caller.identity,
      transport: wsTransport(socket),
      framing: WS_FRAMING,
      // ton-streaming-go: one `X-Actions-Version` value, `latest` without it.
      subscription: emptySubscription(
        supportedActionTypes(undefined, version === undefined || version === '' ? [] : [version]),
      ),
    });
    this.frames = wsFrameGate(this.client, context);
    // Frames may arrive before admission is decided: listen at once, decide later.
    socket.on('message', (data: RawData) => {
      this.onFrame(data);
    });
    socket.on('close', () => {
      this.state = 'closed';
      this.clearTimers();
      this.client.close();
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    request.raw.socket.setTimeout(0);
  }

  async start(): Promise<void> {
    const admission = await this.context.limiter.admit({
      identity: this.client.identity,
      connId: this.client.connId,
      limits: this.limits,
      addresses: 0,
      replaceOldest: false,
    });
    if (this.state === 'closed') {
      await this.context.limiter.release(this.client.identity, this.client.connId);
      return;
    }
    if (admission.kind === 'admitted') {
      await this.open();
      return;
    }
    const max = admission.kind === 'connection-limit' ? admission.max : this.limits.connections;
    this.waitingMax = max;
    this.state = 'waiting';
    const early = this.early.shift();
    if (early !== undefined) {
      await this.decideWaiting(early, max);
      return;
    }
    this.timers.push(
      setTimeout(() => {
        this.refuse(max);
      }, this.context.options.admissionWaitMs),
    );
  }

  private onFrame(data: RawData): void {
    if (this.state === 'open') {
      if (this.frames(byteLength(data))) {
        this.enqueue(rawText(data));
      }
      return;
    }
    const text = rawText(data);
    if (this.state === 'waiting') {
      this.state = 'admitting';
      void this.decideWaiting(text, this.waitingMax);
      return;
    }
    if (this.state === 'admitting') {
      this.early.push(text);
      if (this.early.length > MAX_EARLY_FRAMES) {
        this.socket.terminate();
      }
    }
  }

  /** Over the limit: only a resuming subscribe gets in, by evicting the oldest connection. */
  private async decideWaiting(first: string, max: number): Promise<void> {
    this.clearTimers();
    const parsed = parseWsMessage(first);
    const resumes =
      parsed.ok &&
      parsed.request.operation === 'subscribe' &&
      addressCountFits(parsed.request, this.limits.addresses) &&
      applySubscribe(this.client.subscription, parsed.request.fields, this.addressMemo.normalise)
        .ok &&
      (parsed.request.fields.since ?? '') !== '';
    if (!resumes) {
      this.refuse(max);
      return;
    }
    const admission = await this.context.limiter.admit({
      identity: this.client.identity,
      connId: this.client.connId,
      limits: this.limits,
      addresses: 0,
      replaceOldest: true,
    });
    if (admission.kind !== 'admitted' || this.state === 'closed') {
      if (admission.kind === 'admitted') {
        await this.context.limiter.release(this.client.identity, this.client.connId);
      }
      this.refuse(max);
      return;
    }
    this.early.unshift(first);
    await this.open();
  }

  /** toncenter: the error frame, then the TCP connection dropped without a close frame (1006). */
  private refuse(max: number): void {
    this.clearTimers();
    this.state = 'closed';
    this.context.metrics.refusals.inc({ reason: 'connections' });
    if (this.socket.readyState !== WebSocket.OPEN) {
      return;
    }
    this.socket.send(JSON.stringify({ error: connectionLimitText(max) }), () => {
      this.socket.terminate();
    });
  }

  private async open(): Promise<void> {
    this.state = 'open';
    trackConnection(this.client, this.context, () => {
      this.clearTimers();
      this.state = 'closed';
    });
    try {
      await this.context.hub.register(this.client);
    } catch (error: unknown) {
      this.context.logger.error({ err: error }, 'stream log unavailable');
      this.client.close('streaming is temporarily unavailable');
      return;
    }
    // Liveness by WebSocket ping frames (answered by every client library and browser): a peer that
    // does not answer two in a row is gone.
    this.timers.push(
      setInterval(() => {
        if (!this.alive) {
          this.client.close();
          return;
        }
        this.alive = false;
        this.socket.ping();
      }, this.context.options.keepaliveMs),
    );
    for (const text of this.early.splice(0)) {
      this.enqueue(text);
    }
  }

  /** Frames are handled one after the other (a subscribe may wait for the limiter). */
  private enqueue(text: string): void {
    this.work = this.work
      .then(() => this.handle(text))
      .catch((error: unknown) => {
        this.context.logger.error({ err: error }, 'streaming frame failed');
        this.client.close('internal error');
      });
  }

  private async handle(text: string): Promise<void> {
    if (this.client.isClosed) {
      return;
    }
    const parsed = parseWsMessage(text);
    if (!parsed.ok) {
      this.client.reply(withId(parsed.id, { error: parsed.error }));
      return;
    }
    await this.run(parsed.request);
  }

  private async run(request: WsRequest): Promise<void> {
    switch (request.operation) {
      case 'ping':
        this.client.reply(withId(request.id, { status: 'pong' }));
        return;
      case 'subscribe':
        await this.subscribe(request);
        return;
      case 'unsubscribe': {
        const next = applyUnsubscribe(this.client.subscription, request);
        await this.context.limiter.updateAddresses(
          this.client.identity,
          this.client.connId,
          next.addresses.size,
          this.limits,
        );
        this.context.hub.resubscribe(this.client, next);
        this.client.reply(withId(request.id, { status: 'unsubscribed' }));
        return;
      }
    }
  }

  private async subscribe(request: Extract<WsRequest, { operation: 'subscribe' }>): Promise<void> {
    if (!addressCountFits(request, this.limits.addresses)) {
      this.context.metrics.refusals.inc({ reason: 'addresses' });
      this.client.reply(
        withId(request.id, {
          error: `address limit exceeded: ${String(request.fields.addresses?.length ?? 0)} addresses in one subscribe > max ${String(this.limits.addresses)}`,
        }),
      );
      return;
    }
    const outcome = applySubscribe(
      this.client.subscription,
      request.fields,
      this.addressMemo.normalise,
    );
    if (!outcome.ok) {
      this.client.reply(withId(request.id, { error: outcome.error }));
      return;
    }
    const { subscription, since } = outcome;
    if (since !== undefined && (this.subscribed || this.client.isReplaying)) {
      this.client.reply(
        withId(request.id, { error: 'since is accepted in the first subscribe only' }),
      );
      return;
    }
    const update = await this.context.limiter.updateAddresses(
      this.client.identity,
      this.client.connId,
      subscription.addresses.size,
      this.limits,
    );
    if (update.kind === 'address-limit') {
      this.context.metrics.refusals.inc({ reason: 'addresses' });
      const { current, requested, max } = update;
      this.client.reply(
        withId(request.id, {
          error: `address limit exceeded: current ${String(current)} + new ${String(requested)} > max ${String(max)}`,
        }),
      );
      return;
    }
    if (this.client.isClosed) {
      return;
    }
    // In one tick: no live entry can reach the client between the new subscription and the buffer.
    if (since !== undefined) {
      this.context.hub.beginReplay(this.client);
    }
    this.context.hub.resubscribe(this.client, subscription);
    this.subscribed = true;
    this.client.reply(withId(request.id, { status: 'subscribed' }));
    if (since !== undefined) {
      // Not awaited: pings are answered while the history streams out.
      void replayInto(this.client, since, replayDepsOf(this.context)).catch((error: unknown) => {
        this.context.logger.error({ err: error }, 'stream replay failed');
        this.client.close('replay failed: retry later');
      });
    }
  }

  private clearTimers(): void {
    for (const timer of this.timers.splice(0)) {
      clearTimeout(timer);
    }
  }
}

/** `GET /api/streaming/v2/ws` after the upgrade. */
export function handleWs(
  socket: WebSocket,
  request: FastifyRequest,
  context: StreamingContext,
): void {
  const session = new WsSession(socket, request, context);
  void session.start().catch((error: unknown) => {
    context.logger.error({ err: error }, 'streaming connection failed');
    socket.terminate();
  });
}
