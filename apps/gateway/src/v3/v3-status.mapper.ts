import { ErrorCode } from '@app/contracts';

/**
 * The HTTP status of each error code on /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). Where toncenter answers
 * 500 for a bad `limit` or `sort`, this API answers 422 naming the parameter: the codes come from
 * the gateway's own validation, not from the query service.
 */
export function v3StatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.INVALID_ARGUMENT:
    case ErrorCode.INVALID_ADDRESS:
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
    case ErrorCode.SERVICE_UNAVAILABLE:
    case ErrorCode.LITESERVER_UNAVAILABLE:
      return 503;
    case ErrorCode.UNSUPPORTED_STACK_ENTRY:
    case ErrorCode.LITESERVER_ERROR:
    case ErrorCode.TVM_ERROR:
    case ErrorCode.MESSAGE_REJECTED:
    case ErrorCode.INTERNAL:
      return 500;
  }
}
