import { type RawData } from 'ws';
import { type StreamClient } from '../connection/stream-client';
import { FrameRateLimiter } from '../limits/frame-rate';
import { type StreamingContext } from './streaming-context';

/**
 * A WebSocket connection's frame rate (StreamingOptions.wsFrames), checked before a frame is even
 * decoded: over it the frame is answered with an error and dropped; a client that keeps sending
 * regardless is closed with the policy-violation code (1008). True when the frame may be handled.
 */
export function wsFrameGate(
  client: StreamClient,
  context: StreamingContext,
): (bytes: number) => boolean {
  const limits = context.options.wsFrames;
  const limiter = new FrameRateLimiter(limits, Date.now());
  const text = `rate limit exceeded: at most ${String(limits.framesPerSecond)} frames per second`;
  return (bytes) => {
    if (client.isClosed) {
      return false;
    }
    switch (limiter.admit(bytes, Date.now())) {
      case 'accept':
        return true;
      case 'refuse':
        client.reply(JSON.stringify({ error: `${text}, frame dropped` }));
        return false;
      case 'close':
        context.metrics.refusals.inc({ reason: 'frames' });
        client.close(`${text}, connection closed`);
        return false;
    }
  };
}

export function byteLength(data: RawData): number {
  if (Array.isArray(data)) {
    return data.reduce((sum, chunk) => sum + chunk.length, 0);
  }
  return data.byteLength;
}

export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) {
    return data.toString('utf8');
  }
  if (Array.isArray(data)) {
    return Buffer.concat(data).toString('utf8');
  }
  return Buffer.from(data).toString('utf8');
}
