import type { TLCodec, TLReadBuffer } from 'ton-tl';
import type { ChainReader } from '../chain/chain-reader';
import type { LITE_API_FUNCTIONS } from './lite-api-ids.generated';
import { LiteServerError, LiteServerErrorCode } from './lite-server-error';

/** What a handler sees: the chain view it answers from. */
export interface LiteApiContext {
  readonly chain: ChainReader;
}

export type LiteApiFunctionName = (typeof LITE_API_FUNCTIONS)[number]['name'];

/** One lite_api function: its TL name, how to decode its arguments, and how to answer them. */
export interface LiteApiHandler {
  readonly name: LiteApiFunctionName;
  run(args: TLReadBuffer, ctx: LiteApiContext): Promise<Buffer>;
}

/** Binds a function name to its generated request codec and a typed handler. */
export function defineHandler<T>(
  name: LiteApiFunctionName,
  codec: TLCodec<T>,
  handle: (req: T, ctx: LiteApiContext) => Buffer | Promise<Buffer>,
): LiteApiHandler {
  return {
    name,
    run: async (args, ctx) => {
      let req: T;
      try {
        req = codec.decode(args);
      } catch (err) {
        // a TL parse failure: td::Status without a code, as fetch_tl_object reports it
        const reason = err instanceof Error ? err.message : String(err);
        throw new LiteServerError(LiteServerErrorCode.untyped, `cannot parse ${name}: ${reason}`);
      }
      return handle(req, ctx);
    },
  };
}
