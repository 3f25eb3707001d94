import { parentPort } from 'node:worker_threads';

import { checkReplyJson } from './reply-check';

/** One reply to check, as ForwardedReplyChecker posts it. */
export interface ReplyCheckRequest {
  readonly id: number;
  readonly subject: string;
  readonly json: string;
}

// The checker's thread: parse and validate off the gateway's event loop, answer by id.
parentPort?.on('message', (req: ReplyCheckRequest) => {
  parentPort?.postMessage({ id: req.id, ...checkReplyJson(req.subject, req.json) });
});
