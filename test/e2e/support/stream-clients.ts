import { type IncomingMessage, request } from 'node:http';
import WebSocket from 'ws';

/** One Streaming API v2 message as a client sees it: the parsed JSON and, over SSE, its frame. */
export interface StreamMessage {
  /** SSE `id:` line (our replay position), absent over WebSocket and on non-event frames. */
  readonly id?: string;
  /** SSE `event:` name (`connected`, `event`); absent over WebSocket. */
  readonly event?: string;
  readonly data: Record<string, unknown>;
}

export interface StreamClient {
  readonly messages: StreamMessage[];
  /** Raw SSE comment lines seen (`: keepalive`). */
  readonly comments: string[];
  /** Resolves with the first message (from `from` on) matching `predicate`. */
  waitFor(
    predicate: (m: StreamMessage) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<StreamMessage>;
  /** Notifications only (messages with a `type`). */
  notifications(): StreamMessage[];
  close(): void;
  /** Resolves when the server ended the stream / socket. */
  readonly ended: Promise<void>;
}

function waiter(
  messages: StreamMessage[],
): (
  predicate: (m: StreamMessage) => boolean,
  timeoutMs?: number,
  from?: number,
) => Promise<StreamMessage> {
  return async (predicate, timeoutMs = 20_000, from = 0) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.slice(from).find(predicate);
      if (found !== undefined) {
        return found;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `no matching stream message in ${String(timeoutMs)} ms; got ${JSON.stringify(
            messages.map((m) => [m.id, m.data.type ?? m.data.status ?? m.data.error]),
          )}`,
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
}

/** Parses one SSE frame (lines separated by \n) into a message, or a comment. */
function parseFrame(frame: string): StreamMessage | { comment: string } | undefined {
  let id: string | undefined;
  let event: string | undefined;
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) {
      return { comment: line };
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') {
      id = value;
    } else if (field === 'event') {
      event = value;
    } else if (field === 'data') {
      data.push(value);
    }
  }
  if (data.length === 0) {
    return undefined;
  }
  return {
    ...(id === undefined ? {} : { id }),
    ...(event === undefined ? {} : { event }),
    data: JSON.parse(data.join('\n')) as Record<string, unknown>,
  };
}

/** An SSE subscription (`POST /api/streaming/v2/sse`); rejects with the status and body when refused. */
export async function openSse(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  const messages: StreamMessage[] = [];
  const comments: string[] = [];
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${baseUrl}/api/streaming/v2/sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(JSON.stringify(body));
  });
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) {
      chunks.push(chunk as Buffer);
    }
    throw new Error(
      `SSE refused: ${String(response.statusCode)} ${Buffer.concat(chunks).toString('utf8')}`,
    );
  }
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (text: string) => {
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const parsed = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (parsed !== undefined) {
        if ('comment' in parsed) {
          comments.push(parsed.comment);
        } else {
          messages.push(parsed);
        }
      }
      end = buffer.indexOf('\n\n');
    }
  });
  const ended = new Promise<void>((resolve) => {
    response.once('close', () => {
      resolve();
    });
  });
  return {
    messages,
    comments,
    waitFor: waiter(messages),
    notifications: () => messages.filter((m) => typeof m.data.type === 'string'),
    close: () => {
      response.destroy();
    },
    ended,
  };
}

export interface WsClient extends StreamClient {
  send(message: unknown): void;
}

/** A WebSocket connection to `/api/streaming/v2/ws`, open. */
export async function openWs(baseUrl: string, query = ''): Promise<WsClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/streaming/v2/ws${query}`);
  const messages: StreamMessage[] = [];
  socket.on('message', (raw: Buffer) => {
    messages.push({ data: JSON.parse(raw.toString('utf8')) as Record<string, unknown> });
  });
  const ended = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
    socket.once('error', () => {
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  return {
    messages,
    comments: [],
    waitFor: waiter(messages),
    notifications: () => messages.filter((m) => typeof m.data.type === 'string'),
    send: (message) => {
      socket.send(JSON.stringify(message));
    },
    close: () => {
      socket.close();
    },
    ended,
  };
}
