import { createServer, type ServerResponse } from 'node:http';

/**
 * The floor of the streaming fan-out: node:http holding SSE subscriptions and writing one frame,
 * encoded once, to every subscriber when the parent asks (`{"kind":"broadcast","frame":…}` over IPC).
 * No subscription is parsed, routed or derived: the streaming benchmark's subscribers are measured
 * against it with the same client, so both pay the same sockets and the same reading.
 * Tells the parent `{"kind":"ready","url":…}` once it listens.
 */
const subscribers = new Set<ServerResponse>();

const server = createServer((request, response) => {
  // The subscription's body is read and dropped: every subscriber gets every frame.
  request.resume();
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  request.socket.setNoDelay(true);
  subscribers.add(response);
  response.once('close', () => subscribers.delete(response));
});

process.on('message', (message: { kind: string; frame?: string }) => {
  if (message.kind === 'broadcast' && message.frame !== undefined) {
    const bytes = Buffer.from(message.frame);
    for (const subscriber of subscribers) {
      subscriber.write(bytes);
    }
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.send?.({ kind: 'ready', url: `http://127.0.0.1:${String(port)}` });
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
