import { type StreamTransportKind } from '../streaming.metrics';

/** The socket under a streaming client: SSE over an HTTP response, or a WebSocket. */
export interface StreamTransport {
  readonly kind: StreamTransportKind;
  /**
   * Writes one frame (a Buffer holds its UTF-8 text: a WebSocket still sends it as a text frame);
   * `flushed` once it is handed to the operating system.
   */
  write(frame: string | Buffer, flushed: () => void): void;
  /** Writes `last` (when given) and closes; later calls do nothing. */
  close(last?: string): void;
}

/** What a transport needs from its socket. */
export interface TransportSocket {
  /** Whether a frame written now can still reach the peer. */
  readonly writable: () => boolean;
  readonly send: (frame: string | Buffer, sent: () => void) => void;
  /** Ends the connection, `last` (when given) its final frame. */
  readonly end: (last: string | undefined) => void;
}

/**
 * A transport over `socket`: frames written while it is writable (`flushed` at once when it is not,
 * so the outbound queue never waits on a dead peer), and ended once, whoever closes first.
 */
export function socketTransport(
  kind: StreamTransportKind,
  socket: TransportSocket,
): StreamTransport {
  let closed = false;
  return {
    kind,
    write(frame, flushed) {
      if (!socket.writable()) {
        flushed();
        return;
      }
      socket.send(frame, () => {
        flushed();
      });
    },
    close(last) {
      if (closed) {
        return;
      }
      closed = true;
      socket.end(last);
    },
  };
}
