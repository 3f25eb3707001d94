import { parentPort } from 'node:worker_threads';

import { checkReplyJson } from './reply-check';

/** One reply to check, as ForwardedReplyChecker posts it. */
export interface ReplyCheckRequest {
  readonly id: number;
  readonly subject: string;
  readonly json: string | Uint8Array;
}

// The checker's thread: parse and validate off the gateway's event loop, answer by id with the
// milliseconds it took (what the checker's CPU budget counts).
parentPort?.on('message', (req: ReplyCheckRequest) => {
  const started = performance.now();
  const check = checkReplyJson(req.subject, req.json);
  parentPort?.postMessage({ id: req.id, ms: performance.now() - started, ...check });
});
