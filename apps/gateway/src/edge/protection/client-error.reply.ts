import { STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';

/** What Node's HTTP parser reports (llhttp `HPE_*` codes, or Node's own `ERR_HTTP_*`). */
interface ClientError extends Error {
  readonly code?: string;
}

/** Why a request could not even be parsed, in words a client can act on. */
function reasonOf(code: string): { status: number; error: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: 'request not received in time' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: 'request line and headers too large' };
    case 'HPE_INVALID_URL':
      return {
        status: 400,
        error: 'malformed request target: percent-encode every byte outside printable ASCII',
      };
    case 'HPE_INVALID_METHOD':
      return { status: 400, error: 'malformed HTTP method' };
    case 'HPE_INVALID_HEADER_TOKEN':
      return { status: 400, error: 'malformed header' };
    default:
      return { status: 400, error: `malformed HTTP request (${code})` };
  }
}

/**
 * Answers a request Node could not parse (Fastify's `clientErrorHandler`), before any route knows
 * which API it was for: the status Fastify would send (400, 408 or 431) with a JSON body both APIs'
 * clients read, `{"ok": false, "error": …, "code": …}` (v3 clients read `error` alone).
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const { status, error: message } = reasonOf(error.code ?? 'unknown');
  const body = JSON.stringify({ ok: false, error: message, code: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
