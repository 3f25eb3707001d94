/**
 * A stack a caller sent that cannot be run. `invalid` entries are toncenter 2.1's 422s for the legacy
 * stack (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp); an
 * `unsupported` type is its 542 `Unsupported stack entry type: <type>`; `limit` is a stack past
 * GET_METHOD_STACK_LIMITS (a 422 too, worded here: toncenter has no such bound).
 */
export class StackInputError extends Error {
  override readonly name = 'StackInputError';

  constructor(
    readonly kind: 'invalid' | 'unsupported' | 'limit',
    message: string,
  ) {
    super(message);
  }
}
