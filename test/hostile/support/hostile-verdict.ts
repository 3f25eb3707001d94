import { isDeepStrictEqual } from 'node:util';
import { type HostileRequest } from './hostile-case';
import { type HostileAnswer } from './hostile-client';

/** The time one hostile request may take, generous for a loaded 2-core CI machine. */
export const MAX_REQUEST_MS = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `param` as a word of `text` (so `address` is not found inside `owner_address`). */
export function namesParam(text: string, param: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(param)}([^A-Za-z0-9_]|$)`, 'i').test(text);
}

/**
 * What is wrong with an answer to a hostile request, or undefined when it is exactly what the corpus
 * expects: its status, a JSON error body of its API (v2 `{ok:false, error, code}` with `code` equal
 * to the status; v3 `{error}` alone) naming the parameter at fault (or the exact text toncenter
 * words it with), and within the time bound.
 */
export function verdict(request: HostileRequest, answer: HostileAnswer): string | undefined {
  const { expect } = request;
  const shown = answer.text.length > 300 ? `${answer.text.slice(0, 300)}…` : answer.text;
  if (answer.status >= 500) {
    return `answered ${String(answer.status)} (a server error): ${shown}`;
  }
  if (answer.status !== expect.status) {
    return `expected ${String(expect.status)}, got ${String(answer.status)}: ${shown}`;
  }
  if (answer.ms > MAX_REQUEST_MS) {
    return `took ${answer.ms.toFixed(0)} ms (at most ${String(MAX_REQUEST_MS)})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // a body that is not JSON is the verdict itself, returned as the finding.
    return `not a JSON body: ${shown}`;
  }
  if (!isRecord(body)) {
    return `not a JSON object: ${shown}`;
  }
  if (expect.body !== undefined) {
    const { '@extra': _extra, ...rest } = body;
    return isDeepStrictEqual(rest, expect.body)
      ? undefined
      : `expected the body ${JSON.stringify(expect.body)}, got ${shown}`;
  }
  const v2 = request.target.startsWith('/api/v2');
  if (v2 && (body.ok !== false || body.code !== answer.status)) {
    return `not the v2 error envelope (ok false, code = status): ${shown}`;
  }
  if (!v2 && !isDeepStrictEqual(Object.keys(body), ['error'])) {
    return `not the v3 error body ({"error": …} alone): ${shown}`;
  }
  const error = body.error;
  if (typeof error !== 'string') {
    return `no error text: ${shown}`;
  }
  if (expect.error !== undefined) {
    return error === expect.error
      ? undefined
      : `expected the error ${JSON.stringify(expect.error)}, got ${JSON.stringify(error)}`;
  }
  return namesParam(error, expect.param)
    ? undefined
    : `the error does not name "${expect.param}": ${JSON.stringify(error)}`;
}
