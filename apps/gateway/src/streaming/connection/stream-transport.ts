import { type StreamTransportKind } from '../streaming.metrics';

/** The socket under a streaming client: SSE over an HTTP response, or a WebSocket. */
export interface StreamTransport {
  readonly kind: StreamTransportKind;
  /** Writes one frame; `flushed` once it is handed to the operating system. */
  write(frame: string, flushed: () => void): void;
  /** Writes `last` (when given) and closes; later calls do nothing. */
  close(last?: string): void;
}
