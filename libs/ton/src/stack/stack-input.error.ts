/**
 * A stack a caller sent that cannot be run. `invalid` entries are toncenter 2.1's 422s
 * (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp, legacy
 * stack); an `unsupported` type is its 542 `Unsupported stack entry type: <type>`.
 */
export class StackInputError extends Error {
  override readonly name = 'StackInputError';

  constructor(
    readonly kind: 'invalid' | 'unsupported',
    message: string,
  ) {
    super(message);
  }
}
