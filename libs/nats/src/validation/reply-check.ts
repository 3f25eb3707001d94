import { contractFor, isRpcSubject } from '@app/contracts';

import { describeIssues } from './describe-issues';

/**
 * What checking one reply's JSON text against its subject's contract found; `skipped` when the
 * checker's CPU budget was spent and the reply went unchecked (ForwardedReplyChecker).
 */
export type ReplyCheck =
  { readonly ok: true; readonly skipped?: true } | { readonly ok: false; readonly problem: string };

/**
 * Parses `json` (text, or its UTF-8 bytes) and checks it against the reply schema of `subject`
 * (framework-free, for a worker).
 */
export function checkReplyJson(subject: string, json: string | Uint8Array): ReplyCheck {
  if (!isRpcSubject(subject)) {
    return { ok: false, problem: `no contract for ${subject}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(
      typeof json === 'string'
        ? json
        : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'),
    );
  } catch (err) {
    return { ok: false, problem: `not JSON: ${String(err)}` };
  }
  const res = contractFor(subject).res.safeParse(value);
  return res.success ? { ok: true } : { ok: false, problem: describeIssues(res.error) };
}
