import { ErrorCode } from '@app/contracts';

/**
 * The HTTP status of each error code on /api/v2, as toncenter 2.1 answers (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * The envelope's `code` equals this status.
 */
export function v2StatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.INVALID_ARGUMENT:
    case ErrorCode.INVALID_ADDRESS:
      // 2.1 reports every parse/validation failure as 422 (2.0 used 416 for addresses).
      return 422;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.NOT_JETTON_OR_NFT:
    case ErrorCode.NOT_A_WALLET:
      return 409;
    case ErrorCode.RATE_LIMITED:
      return 429;
    case ErrorCode.LITESERVER_TIMEOUT:
    case ErrorCode.UPSTREAM_TIMEOUT:
      return 504;
    case ErrorCode.LITESERVER_UNAVAILABLE:
      // 2.1: no live liteserver for the request (`no workers available`).
      return 542;
    case ErrorCode.UNSUPPORTED_STACK_ENTRY:
      // 2.1 answers an unknown legacy stack entry type with the same 542
      // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
      return 542;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    case ErrorCode.LITESERVER_ERROR:
    case ErrorCode.TVM_ERROR:
    case ErrorCode.MESSAGE_REJECTED:
    case ErrorCode.INTERNAL:
      // tonlib errors are 500 with tonlib's message verbatim.
      return 500;
  }
}
