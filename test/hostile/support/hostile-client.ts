import { connect } from 'node:net';
import { type HostileRequest } from './hostile-case';

/** What came back: status, the body as text, and how long the whole exchange took. */
export interface HostileAnswer {
  readonly status: number;
  readonly text: string;
  readonly ms: number;
}

/** Sends one corpus request to `baseUrl` and reads the whole answer. */
export async function send(baseUrl: string, request: HostileRequest): Promise<HostileAnswer> {
  const started = performance.now();
  if (request.transport === 'socket') {
    const { status, text } = await sendOnSocket(baseUrl, request);
    return { status, text, ms: performance.now() - started };
  }
  const response = await fetch(`${baseUrl}${request.target}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/** Decodes a chunked transfer-encoded body. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', pos, 'latin1');
    if (lineEnd < 0) {
      break;
    }
    const size = Number.parseInt(raw.subarray(pos, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) {
      break;
    }
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    pos = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * The request written byte for byte (its target in latin1, so `\u00c0` is the byte 0xC0) on a
 * connection that closes after the answer.
 */
function sendOnSocket(
  baseUrl: string,
  request: HostileRequest,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const body = request.body ?? Buffer.alloc(0);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    ...(request.body === undefined ? [] : [`Content-Length: ${String(body.length)}`]),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n', 0, 'latin1');
      const headText = raw.subarray(0, split < 0 ? raw.length : split).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1];
      if (status === undefined) {
        reject(new Error(`no HTTP status line in ${JSON.stringify(headText.slice(0, 80))}`));
        return;
      }
      const rest = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      const chunked = /^transfer-encoding:\s*chunked/im.test(headText);
      resolve({ status: Number(status), text: (chunked ? unchunk(rest) : rest).toString('utf8') });
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  });
}
