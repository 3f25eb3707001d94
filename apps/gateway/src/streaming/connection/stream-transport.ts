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
