/**
 * Error codes a C++ liteserver answers with (common/errorcode.h `enum ErrorCode : int { failure = 601,
 * error = 602, warning = 603, protoviolation = 621, notready = 651, timeout = 652 }`), plus the default
 * of `LiteQuery::fatal_error(std::string, int err_code = -400)` (validator/impl/liteserver.hpp) used for
 * most request-level failures, and 0: the code of a td::Status without one, which is what a TL parse
 * failure (`Unknown constructor found 0x...`, `Not enough data to read`) carries.
 */
export const LiteServerErrorCode = {
  untyped: 0,
  fatal: -400,
  failure: 601,
  error: 602,
  warning: 603,
  protoviolation: 621,
  notready: 651,
  timeout: 652,
} as const;

/** Thrown by handlers; the dispatcher answers it as liteServer.error{code, message}. */
export class LiteServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'LiteServerError';
  }
}
