import { ErrorCode } from '@app/contracts';
import { v3StatusOf } from '../v3/v3-status.mapper';

/**
 * The HTTP status of each error code on /api/v2, as toncenter 2.1 answers (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * The envelope's `code` equals this status. It is /api/v3's but for the liteserver's 542s; 2.1
 * reports every parse/validation failure as 422 (2.0 used 416 for addresses) and tonlib errors as
 * 500 with tonlib's message verbatim, as /api/v3 does.
 */
export function v2StatusOf(code: ErrorCode): number {
  // 2.1: no live liteserver for the request (`no workers available`); an unknown legacy stack entry
  // type gets the same 542
  // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
  if (code === ErrorCode.LITESERVER_UNAVAILABLE || code === ErrorCode.UNSUPPORTED_STACK_ENTRY) {
    return 542;
  }
  return v3StatusOf(code);
}
